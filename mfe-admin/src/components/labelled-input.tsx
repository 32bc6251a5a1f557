import field from '@portal/web-kit/styles/field.module.css';
import inputStyles from '@portal/web-kit/styles/input.module.css';
import type { InputHTMLAttributes, ReactNode } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children'> {
  id: string;
  label: string;
  /** What belongs to the input below it, such as the people a search found. */
  children?: ReactNode;
}

/** A plain input of an administration page with its label above it, spaced and framed as web-kit's fields. */
export function LabelledInput({ id, label, children, ...input }: Props) {
  return (
    <div className={field.field}>
      <label htmlFor={id} className={field.label}>
        {label}
      </label>
      <input id={id} className={inputStyles.input} {...input} />
      {children}
    </div>
  );
}
