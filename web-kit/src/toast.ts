/**
 * The portal's toasts, as every app gets them: the shared module `react-toastify` is this file, which loads
 * React-Toastify (about 9 KiB on the wire) with the first toast instead of with every page. `toast.*` calls made
 * before it is there are shown once it is; `ToastContainer` renders nothing until then, and the shell renders
 * the one container. The TypeScript path `react-toastify` points here: what the apps use is listed below.
 */
import { createElement, lazy, Suspense, useSyncExternalStore } from 'react';
import type * as ToastifyModule from 'react-toastify/unstyled';
import type { ToastContainerProps, ToastContent, ToastOptions } from 'react-toastify/unstyled';

export type { CloseButtonProps, ToastContainerProps, ToastContent, ToastOptions } from 'react-toastify/unstyled';

type Toastify = typeof ToastifyModule;

let toastify: Promise<Toastify> | undefined;
const waitingContainers = new Set<() => void>();

function loadToastify(): Promise<Toastify> {
  if (!toastify) {
    // `react-toastify/unstyled` and its style sheet: the request `react-toastify` is this shared module itself.
    toastify = Promise.all([import('react-toastify/unstyled'), import('react-toastify/ReactToastify.css')]).then(
      ([library]) => library,
    );
    for (const render of waitingContainers) render();
  }
  return toastify;
}

const show =
  (kind: 'success' | 'error' | 'info', defaults: ToastOptions = {}) =>
  (content: ToastContent, options?: ToastOptions): void => {
    void loadToastify().then(({ toast: library }) => library[kind](content, { ...defaults, ...options }));
  };

/** An error toast stays until it is dismissed (it may say what to do next) and interrupts; the others are polite. */
export const toast = {
  success: show('success'),
  error: show('error', { autoClose: false, role: 'alert' }),
  info: show('info'),
};

const LoadedContainer = lazy(() => loadToastify().then(({ ToastContainer: Container }) => ({ default: Container })));

function onToastifyRequested(render: () => void): () => void {
  waitingContainers.add(render);
  return () => waitingContainers.delete(render);
}

export function ToastContainer(props: ToastContainerProps) {
  const requested = useSyncExternalStore(onToastifyRequested, () => toastify !== undefined);
  return requested ? createElement(Suspense, { fallback: null }, createElement(LoadedContainer, props)) : null;
}
