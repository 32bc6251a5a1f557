/**
 * The portal's toasts, as every app gets them: the shared module `react-toastify` is this file. React-Toastify
 * itself (toast-library.ts) is not needed to draw any page: it loads on the user's first pointer or key press,
 * ahead of the toasts that follow what the user does, so that one still shows when the network is gone by then
 * ("the portal cannot be reached"); a toast asked for earlier loads it. Toasts asked for before the container is
 * there wait for it. Error toasts stay until dismissed.
 * The TypeScript path `react-toastify` points here: what the apps use is listed below.
 */
import { createElement, useSyncExternalStore } from 'react';
import type { ToastContainerProps, ToastContent, ToastOptions } from 'react-toastify/unstyled';
import type * as ToastLibrary from './toast-library.ts';

export type { CloseButtonProps, ToastContainerProps, ToastContent, ToastOptions } from 'react-toastify/unstyled';

type Library = typeof ToastLibrary;

let loaded: Library | undefined;
let loading: Promise<Library> | undefined;
const listeners = new Set<() => void>();

function loadLibrary(): Promise<Library> {
  loading ??= import('./toast-library.ts').then(
    (library) => {
      loaded = library;
      for (const listener of listeners) listener();
      return library;
    },
    (error: unknown) => {
      // Asked again with the next toast.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

if (typeof window !== 'undefined') {
  const preload = () => {
    window.removeEventListener('pointerdown', preload, true);
    window.removeEventListener('keydown', preload, true);
    loadLibrary().catch(() => undefined);
  };
  window.addEventListener('pointerdown', preload, true);
  window.addEventListener('keydown', preload, true);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** React-Toastify's container, drawn once the library is there. */
export function ToastContainer(props: ToastContainerProps) {
  const library = useSyncExternalStore(subscribe, () => loaded);
  return library ? createElement(library.ToastContainer, props) : null;
}

const show =
  (kind: 'success' | 'error' | 'info', defaults: ToastOptions = {}) =>
  (content: ToastContent, options?: ToastOptions): void => {
    loadLibrary().then(
      (library) => library.toast[kind](content, { ...defaults, ...options }),
      (error: unknown) => console.error('The toasts could not be loaded', error),
    );
  };

/** An error toast stays until it is dismissed (it may say what to do next) and interrupts; the others are polite. */
export const toast = {
  success: show('success'),
  error: show('error', { autoClose: false, role: 'alert' }),
  info: show('info'),
};
