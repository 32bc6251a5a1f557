import { zodResolver } from '@hookform/resolvers/zod';
import { type GroupRequest, groupRequestSchema } from '@portal/contracts/groups';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import field from '@portal/web-kit/styles/field.module.css';
import input from '@portal/web-kit/styles/input.module.css';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import styles from '../../../components/admin-page.module.css';
import { useValidationText } from '@portal/web-kit/validation';
import { DIRECTORY_NAMESPACE } from '../../../lib/directory-i18n.ts';

interface Props {
  label: string;
  submitLabel: string;
  initialName?: string;
  /** Sends the name; resolves true when it was saved (the field empties), false when refused (what was typed stays). */
  onSave: (name: string) => Promise<boolean>;
  /** A button beside Save that gives up (renaming). */
  cancel?: { label: string; onCancel: () => void };
}

/** A group's name, checked with the contracts' schema before it is sent: creating a group and renaming one. */
export function GroupNameForm({ label, submitLabel, initialName = '', onSave, cancel }: Props) {
  const id = useId();
  const validationText = useValidationText(DIRECTORY_NAMESPACE);
  const { register, handleSubmit, reset, formState } = useForm<GroupRequest>({
    defaultValues: { name: initialName },
    resolver: zodResolver(groupRequestSchema, undefined, { raw: true }),
  });
  const error = validationText(formState.errors.name?.message);
  const save = handleSubmit(async ({ name }) => {
    if (await onSave(name)) reset({ name: '' });
  });
  return (
    <form className={styles.toolbar} noValidate onSubmit={(event) => void save(event)}>
      <div className={field.field}>
        <label htmlFor={id} className={field.label}>
          {label}
        </label>
        <input
          id={id}
          className={input.input}
          maxLength={100}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...register('name')}
        />
        {error ? (
          <p id={`${id}-error`} className={field.error}>
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className={buttons.buttonPrimary} disabled={formState.isSubmitting}>
        {submitLabel}
      </button>
      {cancel ? (
        <button type="button" className={buttons.button} onClick={cancel.onCancel}>
          {cancel.label}
        </button>
      ) : null}
    </form>
  );
}
