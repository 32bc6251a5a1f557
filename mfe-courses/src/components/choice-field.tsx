import field from '@portal/web-kit/styles/field.module.css';
import input from '@portal/web-kit/styles/input.module.css';
import type { ReactNode, SelectHTMLAttributes } from 'react';

interface Choice<Id extends string> {
  id: Id;
  name: string;
}

type Props<Id extends string> = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children' | 'onChange' | 'value'> & {
  id: string;
  label: string;
  value: string;
  /** The first entry, the empty value: "all" for a filter, the request to choose for a form. */
  none: string;
  choices: readonly Choice<Id>[];
  onChoose: (id: Id | '') => void;
  /** What stands under the select: its validation message. */
  children?: ReactNode;
};

/** A labelled select of named things (a course, a group, a category), the empty choice first. */
export function ChoiceField<Id extends string>({
  id,
  label,
  none,
  choices,
  onChoose,
  children,
  className,
  ...select
}: Props<Id>) {
  return (
    <div className={field.field}>
      <label htmlFor={id} className={field.label}>
        {label}
      </label>
      <select
        id={id}
        className={className ?? input.input}
        {...select}
        // The select offers only the choices' ids and the empty one.
        onChange={(event) => onChoose(event.target.value as Id | '')}
      >
        <option value="">{none}</option>
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </select>
      {children}
    </div>
  );
}
