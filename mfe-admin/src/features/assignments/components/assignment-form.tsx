import { zodResolver } from '@hookform/resolvers/zod';
import type { AssignmentRequest } from '@portal/contracts/training';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import field from '@portal/web-kit/styles/field.module.css';
import input from '@portal/web-kit/styles/input.module.css';
import spinner from '@portal/web-kit/styles/spinner.module.css';
import { type InputHTMLAttributes, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import styles from '../../../components/admin.module.css';
import { ChoiceField } from '@portal/web-kit/choice-field';
import { ADMIN_NAMESPACE } from '../../../lib/i18n.ts';
import { type Option, useGroupOptions, usePeopleOptions } from '../../../lib/training-options.ts';
import { useCreateAssignment } from '../api/create-assignment.ts';
import {
  type AssignmentValues,
  assignmentFormSchema,
  type DueKind,
  emptyValues,
  type ProblemField,
  serverProblems,
} from '../lib/assignment-values.ts';
import { OptionPicker } from './option-picker.tsx';

interface Props {
  courses: Option[];
  courseId: string;
  /** The course chosen: the page lists its assignments. */
  onCourse: (courseId: string) => void;
}

const ASSIGNEES = [
  { name: 'people', useMatches: usePeopleOptions },
  { name: 'groups', useMatches: useGroupOptions },
] as const;
const KINDS = [
  { mandatory: true, label: 'assigned.mandatory' },
  { mandatory: false, label: 'assigned.recommended' },
] as const;
const DUE_KINDS: readonly DueKind[] = ['none', 'date', 'days'];
/** A number of days or months, a small box beside its choice. */
const COUNT: InputHTMLAttributes<HTMLInputElement> = {
  type: 'number',
  inputMode: 'numeric',
  min: 1,
  className: `${input.input} ${styles.small}`,
};

/**
 * A course assigned to people and groups: mandatory or recommended, due on a date or some days after the
 * assignment (or after joining the group), optionally again every few months. Checked here with the contracts'
 * schema, then by the server; each problem is shown under its field.
 */
export function AssignmentForm({ courses, courseId, onCourse }: Props) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { control, register, handleSubmit, reset, setError, formState } = useForm<
    AssignmentValues,
    unknown,
    AssignmentRequest
  >({
    defaultValues: emptyValues(courseId),
    resolver: zodResolver(assignmentFormSchema),
    shouldFocusError: false,
  });
  const create = useCreateAssignment();
  const saving = create.isPending;
  // Counts the assignments made: a new one gives new pickers, whose searches start empty.
  const [made, setMade] = useState(0);

  const submit = handleSubmit((request) => {
    if (saving) return;
    create.mutate(request, {
      onSuccess: () => {
        toast.success(t('assignments.created'));
        reset(emptyValues(request.courseId));
        setMade((count) => count + 1);
      },
      onError: (error) => {
        console.error('Could not create the assignment', error);
        for (const [name, key] of Object.entries(serverProblems(error)))
          setError(name as ProblemField | 'root', { message: key });
      },
    });
  });

  const { errors } = formState;
  const problemOf = (name: ProblemField | 'root') => errors[name]?.message;
  const problem = (name: ProblemField | 'root') => {
    const key = problemOf(name);
    return (
      key && (
        <p id={`assignment-${name}-error`} className={field.error} role="alert">
          {t(key)}
        </p>
      )
    );
  };
  const invalid = (name: ProblemField) =>
    problemOf(name) ? { 'aria-invalid': true, 'aria-describedby': `assignment-${name}-error` } : {};
  /** The input of the due date or of a count, labelled by its field's text; its problem is shown under `issue`'s. */
  const countInput = (
    name: 'dueDate' | 'dueInDays' | 'recurEveryMonths',
    issue: ProblemField,
    attributes: InputHTMLAttributes<HTMLInputElement>,
  ) => (
    <input
      {...attributes}
      aria-label={t(`assignments.${name}`)}
      disabled={saving}
      {...invalid(issue)}
      {...register(name)}
    />
  );
  const due = useWatch({ control, name: 'due' });
  const repeat = useWatch({ control, name: 'repeat' });

  return (
    <form className={styles.card} onSubmit={(event) => void submit(event)} noValidate aria-labelledby="assign-title">
      <h2 id="assign-title" className={styles.cardTitle}>
        {t('assignments.formTitle')}
      </h2>
      <Controller
        control={control}
        name="courseId"
        render={({ field: { value, onChange, onBlur } }) => (
          <ChoiceField
            id="assignment-course"
            label={t('assignments.course')}
            value={value}
            disabled={saving}
            {...invalid('courseId')}
            none={t('assignments.chooseCourse')}
            choices={courses}
            onBlur={onBlur}
            onChoose={(chosen) => {
              onChange(chosen);
              onCourse(chosen);
            }}
          >
            {problem('courseId')}
          </ChoiceField>
        )}
      />

      <div className={styles.fields}>
        {ASSIGNEES.map(({ name, useMatches }) => (
          <Controller
            key={`${name}-${made}`}
            control={control}
            name={name}
            render={({ field: { value, onChange } }) => (
              <OptionPicker
                label={t(`assignments.${name}`)}
                useMatches={useMatches}
                chosen={value}
                onChange={onChange}
                disabled={saving}
              />
            )}
          />
        ))}
      </div>
      {problem('people')}

      <fieldset className={styles.fieldset}>
        <legend className={field.label}>{t('assignments.kind')}</legend>
        <Controller
          control={control}
          name="mandatory"
          render={({ field: { value, onChange } }) => (
            <>
              {KINDS.map(({ mandatory, label }) => (
                <label key={label} className={styles.option}>
                  <input
                    type="radio"
                    name="mandatory"
                    checked={value === mandatory}
                    disabled={saving}
                    onChange={() => onChange(mandatory)}
                  />
                  {t(label)}
                </label>
              ))}
            </>
          )}
        />
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={field.label}>{t('assignments.due')}</legend>
        {DUE_KINDS.map((kind) => (
          <div key={kind} className={styles.choice}>
            <label className={styles.option}>
              <input type="radio" value={kind} disabled={saving} {...register('due')} />
              {t(`assignments.dueKind.${kind}`)}
            </label>
            {kind === 'date' &&
              due === 'date' &&
              countInput('dueDate', 'due', { type: 'date', className: input.input })}
            {kind === 'days' && due === 'days' && countInput('dueInDays', 'due', COUNT)}
          </div>
        ))}
        {problem('due')}
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={field.label}>{t('assignments.recurrence')}</legend>
        <div className={styles.choice}>
          <label className={styles.option}>
            <input type="checkbox" disabled={saving} {...register('repeat')} />
            {t('assignments.repeat')}
          </label>
          {repeat && countInput('recurEveryMonths', 'repeat', COUNT)}
        </div>
        {problem('repeat')}
      </fieldset>

      {problem('root')}
      <div className={styles.actions}>
        <button type="submit" className={buttons.buttonPrimary} disabled={saving} aria-busy={saving}>
          {saving && <span className={spinner.spinner} aria-hidden="true" />}
          {t(saving ? 'assignments.assigning' : 'assignments.assign')}
        </button>
      </div>
    </form>
  );
}
