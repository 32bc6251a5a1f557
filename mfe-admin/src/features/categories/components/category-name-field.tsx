import field from '@portal/web-kit/styles/field.module.css';
import textInput from '@portal/web-kit/styles/input.module.css';
import hidden from '@portal/web-kit/styles/visually-hidden.module.css';
import { type InputHTMLAttributes, type Ref, useId } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  /** Shown visibly above the input, or only to screen readers (inline rename). */
  labelHidden?: boolean;
  hint?: string;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A category name input with its label, hint and error, tied together for screen readers. */
export function CategoryNameField({ label, labelHidden = false, hint, error, ref, ...input }: Props) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={field.field}>
      <label htmlFor={id} className={labelHidden ? hidden.visuallyHidden : field.label}>
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        type="text"
        className={textInput.input}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className={field.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={field.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
