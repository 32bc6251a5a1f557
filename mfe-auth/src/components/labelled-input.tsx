import field from '@portal/web-kit/styles/field.module.css';
import type { InputHTMLAttributes, ReactNode } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children'> {
  id: string;
  label: string;
  /** What belongs to the input below it, such as the people a search found. */
  children?: ReactNode;
}

/** A plain input of an administration page with its label above it, the two in a block of their own. */
export function LabelledInput({ id, label, children, ...input }: Props) {
  return (
    <div>
      <label htmlFor={id} className={field.label}>
        {label}
      </label>
      <input id={id} {...input} />
      {children}
    </div>
  );
}
