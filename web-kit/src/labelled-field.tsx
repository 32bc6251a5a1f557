import field from './styles/field.module.css';
import type { ReactNode } from 'react';

interface Props {
  /** The id of the control the label names. */
  htmlFor: string;
  label: string;
  /** The wrapper's class, a plain field's unless told. */
  className?: string;
  /** The control and what stands under it (a hint, a message). */
  children: ReactNode;
}

/** A form field: its label, then its control. */
export function LabelledField({ htmlFor, label, className = field.field, children }: Props) {
  return (
    <div className={className}>
      <label htmlFor={htmlFor} className={field.label}>
        {label}
      </label>
      {children}
    </div>
  );
}
