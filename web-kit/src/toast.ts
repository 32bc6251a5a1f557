/**
 * The portal's toasts, as every app gets them: the shared module `react-toastify` is this file. React-Toastify
 * itself (toast-library.ts) is not needed to draw any page: it loads on the user's first pointer or key press,
 * ahead of the toasts that follow what the user does; a toast asked for earlier loads it. Toasts asked for before
 * the container is there wait for it. Should the library not arrive (the network was gone before the first press),
 * the toasts show plainly, so that "the portal cannot be reached" is still said. Error toasts stay until dismissed;
 * a text already on screen is not shown twice. A page's own toasts (`usePageToasts`) close when the page goes.
 * The TypeScript path `react-toastify` points here: what the apps use is listed below.
 */
import { type CSSProperties, createElement, type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import type { CloseButtonProps, ToastContainerProps, ToastContent, ToastOptions } from 'react-toastify/unstyled';
import type * as ToastLibrary from './toast-library.ts';

export type { CloseButtonProps, ToastContainerProps, ToastContent, ToastOptions } from 'react-toastify/unstyled';

type Library = typeof ToastLibrary;
type Kind = 'success' | 'error' | 'info';

/** A toast asked for when the library could not be loaded. */
interface PlainToast {
  id: string;
  kind: Kind;
  content: ToastContent;
  options: ToastOptions;
}

interface State {
  library?: Library;
  plain: readonly PlainToast[];
}

let state: State = { plain: [] };
let loading: Promise<Library> | undefined;
let lastId = 0;
const listeners = new Set<() => void>();

function setState(change: Partial<State>) {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

function loadLibrary(): Promise<Library> {
  loading ??= import('./toast-library.ts').then(
    (library) => {
      setState({ library, plain: [] });
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

const dismissPlain = (id?: string) =>
  setState({ plain: id === undefined ? [] : state.plain.filter((toast) => toast.id !== id) });

const PLAIN_TOASTS: CSSProperties = {
  position: 'fixed',
  top: 'calc(var(--header-height) + 0.75rem)',
  right: '0.75rem',
  zIndex: 9999,
  display: 'grid',
  gap: '0.5rem',
  maxWidth: '22rem',
};
const PLAIN_TOAST: CSSProperties = {
  display: 'flex',
  gap: '0.5rem',
  justifyContent: 'space-between',
  padding: '0.75rem 1rem',
  border: '1px solid var(--color-border-strong)',
  borderRadius: 'var(--radius-md)',
  background: 'var(--color-surface)',
  color: 'var(--color-text)',
  boxShadow: 'var(--shadow-md)',
};

function closeButtonOf({ closeButton }: ToastContainerProps, id: string, type: Kind): ReactNode {
  const closeToast = () => dismissPlain(id);
  if (typeof closeButton === 'function') {
    return createElement<CloseButtonProps>(closeButton, { closeToast, type, theme: 'light' });
  }
  return createElement('button', { type: 'button', 'aria-label': 'close', onClick: closeToast }, '×');
}

/** React-Toastify's container, drawn once the library is there; until then, the toasts that could not wait. */
export function ToastContainer(props: ToastContainerProps) {
  const { library, plain } = useSyncExternalStore(subscribe, () => state);
  if (library) return createElement(library.ToastContainer, props);
  if (plain.length === 0) return null;
  return createElement(
    'section',
    { 'aria-label': props['aria-label'], style: PLAIN_TOASTS },
    plain.map(({ id, kind, content, options }) =>
      createElement(
        'div',
        { key: id, role: options.role ?? 'status', style: PLAIN_TOAST },
        typeof content === 'function' ? null : content,
        closeButtonOf(props, id, kind),
      ),
    ),
  );
}

/** A toast's id: the caller's, else its kind and text, so that a message repeated replaces itself. */
function idOf(kind: Kind, content: ToastContent, options: ToastOptions | undefined): string {
  if (options?.toastId !== undefined) return String(options.toastId);
  if (typeof content === 'string') {
    // A DOM id (React-Toastify sets it) has no spaces: the text is hashed.
    let hash = 0;
    for (let index = 0; index < content.length; index += 1) hash = (hash * 31 + content.charCodeAt(index)) | 0;
    return `${kind}-${(hash >>> 0).toString(36)}`;
  }
  lastId += 1;
  return `toast-${lastId}`;
}

const show =
  (kind: Kind, defaults: ToastOptions = {}) =>
  (content: ToastContent, options?: ToastOptions): string => {
    const id = idOf(kind, content, options);
    const withDefaults = { ...defaults, ...options, toastId: id };
    loadLibrary().then(
      (library) => library.toast[kind](content, withDefaults),
      (error: unknown) => {
        console.error('React-Toastify could not be loaded: the toast shows plainly', error);
        if (state.plain.some((toast) => toast.id === id)) return;
        setState({ plain: [...state.plain, { id, kind, content, options: withDefaults }] });
      },
    );
    return id;
  };

/** Closes one toast, or all of them without an id. */
function dismiss(id?: string): void {
  dismissPlain(id);
  if (state.library) state.library.toast.dismiss(id);
  else if (loading) loading.then((library) => library.toast.dismiss(id)).catch(() => undefined);
}

/** An error toast stays until it is dismissed (it may say what to do next) and interrupts; the others are polite. */
export const toast = {
  success: show('success'),
  error: show('error', { autoClose: false, role: 'alert' }),
  info: show('info'),
  dismiss,
};

/**
 * The toasts of one page: the same as `toast`, and they close when the page goes (another route, sign-out), as
 * what they say is about that page.
 */
export function usePageToasts() {
  const [shown] = useState(() => new Set<string>());
  const [pageToast] = useState(() => {
    const remembered =
      (kind: Kind) =>
      (content: ToastContent, options?: ToastOptions): string => {
        const id = toast[kind](content, options);
        shown.add(id);
        return id;
      };
    return { success: remembered('success'), error: remembered('error'), info: remembered('info') };
  });
  useEffect(
    () => () => {
      for (const id of shown) dismiss(id);
      shown.clear();
    },
    [shown],
  );
  return pageToast;
}
