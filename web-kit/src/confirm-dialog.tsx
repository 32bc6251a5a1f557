import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import styles from './confirm-dialog.module.css';
import buttons from './styles/buttons.module.css';
import spinner from './styles/spinner.module.css';

interface Action {
  confirmLabel: string;
  onConfirm: () => void;
  /** While the action runs: both buttons are disabled and Escape does nothing. */
  busy?: boolean;
  /** Shown on the confirm button while `busy`. */
  busyLabel?: string;
  /** 'danger' (the default) for what destroys, 'primary' for what only records. */
  tone?: 'danger' | 'primary';
}

/** A question before an action, or (without an action) an explanation why it cannot be done, with Close. */
type Props = {
  title: string;
  message: string;
  cancelLabel: string;
  onCancel: () => void;
  /** More than a question: what the user fills in before answering (a sign-in form). */
  children?: ReactNode;
} & (Action | { [key in keyof Action]?: never });

const FOCUSABLE = 'button:not(:disabled), [href], input:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * A modal question before an action, in the portal's language and look (not window.confirm, which speaks the
 * browser's): an alertdialog whose focus moves to Cancel (the safe answer) when it opens, stays inside while it is
 * open (Tab and Shift+Tab cycle), Escape cancels, and focus goes back to where it was when it closes. Rendered while
 * the question stands: mount it to ask, unmount it to close.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  busyLabel,
  cancelLabel,
  busy = false,
  onConfirm,
  onCancel,
  tone = 'danger',
  children,
}: Props) {
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancel.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!busy) onCancel();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      dialog.current.focus();
    } else if (event.shiftKey && (document.activeElement === first || document.activeElement === dialog.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className={styles.backdrop}>
      <div
        ref={dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-message`}
        className={styles.dialog}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`} className={styles.title}>
          {title}
        </h2>
        <p id={`${id}-message`} className={styles.message}>
          {message}
        </p>
        {children}
        <div className={styles.actions}>
          <button ref={cancel} type="button" className={buttons.button} onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          {onConfirm && (
            <button
              type="button"
              className={tone === 'danger' ? buttons.buttonDanger : buttons.buttonPrimary}
              onClick={onConfirm}
              disabled={busy}
              aria-busy={busy}
            >
              {busy && <span className={spinner.spinner} aria-hidden="true" />}
              {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
            </button>
          )}
        </div>
      </div>
    </div>,
    document.body,
  );
}
