import input from './styles/input.module.css';
import type { ReactNode, SelectHTMLAttributes } from 'react';
import { LabelledField } from './labelled-field.tsx';

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
    <LabelledField htmlFor={id} label={label}>
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
    </LabelledField>
  );
}
