import field from './styles/field.module.css';
import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import styles from './styles/form.module.css';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  /** A translated message; shown under the field, which is then marked invalid. */
  error?: string | undefined;
  hint?: string | undefined;
  /** Something beside the input inside its frame, e.g. the show-password toggle. */
  addon?: ReactNode;
  /** The input's, for a form library that registers it (react-hook-form). */
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and error, both tied to it for screen readers. */
export function TextField({ label, error, hint, addon, ...input }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ');
  return (
    <div className={field.field}>
      <label htmlFor={id} className={field.label}>
        {label}
      </label>
      <div className={styles.control}>
        <input
          id={id}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...input}
        />
        {addon}
      </div>
      {hint && (
        <p id={hintId} className={field.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={field.error}>
          {error}
        </p>
      )}
    </div>
  );
}
