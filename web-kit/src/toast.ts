/**
 * The portal's toasts, as every app gets them: the shared module `react-toastify` is this file. React-Toastify
 * comes with the shell's first load: a toast must show when the network is gone ("the portal cannot be
 * reached"), which is exactly when a chunk loaded on demand could not arrive. Error toasts stay until dismissed.
 * The TypeScript path `react-toastify` points here: what the apps use is listed below.
 */
import 'react-toastify/ReactToastify.css';
import { toast as library, type ToastContent, type ToastOptions } from 'react-toastify/unstyled';

export type { CloseButtonProps, ToastContainerProps, ToastContent, ToastOptions } from 'react-toastify/unstyled';
export { ToastContainer } from 'react-toastify/unstyled';

const show =
  (kind: 'success' | 'error' | 'info', defaults: ToastOptions = {}) =>
  (content: ToastContent, options?: ToastOptions): void => {
    library[kind](content, { ...defaults, ...options });
  };

/** An error toast stays until it is dismissed (it may say what to do next) and interrupts; the others are polite. */
export const toast = {
  success: show('success'),
  error: show('error', { autoClose: false, role: 'alert' }),
  info: show('info'),
};
