import buttons from '@portal/web-kit/styles/buttons.module.css';
import field from '@portal/web-kit/styles/field.module.css';
import input from '@portal/web-kit/styles/input.module.css';
import spinner from '@portal/web-kit/styles/spinner.module.css';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type InputHTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import styles from '../../../components/admin.module.css';
import { ChoiceField } from '@portal/web-kit/choice-field';
import { ADMIN_NAMESPACE } from '../../../lib/i18n.ts';
import { queryKeys } from '../../../lib/queries.ts';
import { training } from '../../../lib/training-api.ts';
import { type Option, useGroupOptions, usePeopleOptions } from '../../../lib/training-options.ts';
import {
  type AssignmentDraft,
  type DraftField,
  type DraftIssues,
  type DueKind,
  draftRequest,
  emptyDraft,
  serverIssues,
} from '../lib/assignment-draft.ts';
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

interface RadioProps {
  name: string;
  label: string;
  checked: boolean;
  disabled: boolean;
  onCheck: () => void;
}

/** A radio button of the form and its text. */
function Radio({ name, label, checked, disabled, onCheck }: RadioProps) {
  return (
    <label className={styles.option}>
      <input type="radio" name={name} checked={checked} disabled={disabled} onChange={onCheck} />
      {label}
    </label>
  );
}

/**
 * A course assigned to people and groups: mandatory or recommended, due on a date or some days after the
 * assignment (or after joining the group), optionally again every few months. Checked here with the contracts'
 * schema, then by the server; each problem is shown under its field.
 */
export function AssignmentForm({ courses, courseId, onCourse }: Props) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const client = useQueryClient();
  const [draft, setDraft] = useState<AssignmentDraft>(() => emptyDraft(courseId));
  const [issues, setIssues] = useState<DraftIssues>({});
  const [saving, setSaving] = useState(false);
  // Counts the assignments made: a new one gives new pickers, whose searches start empty.
  const [made, setMade] = useState(0);
  const change = (patch: Partial<AssignmentDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = draftRequest(draft);
    setIssues(checked.issues ?? {});
    if (!checked.request) return;
    setSaving(true);
    try {
      await training.createAssignment({ body: checked.request });
      toast.success(t('assignments.created'));
      setDraft(emptyDraft(draft.courseId));
      setMade((count) => count + 1);
      void client.invalidateQueries({ queryKey: queryKeys.courseAssignments(draft.courseId) });
    } catch (error) {
      console.error('Could not create the assignment', error);
      setIssues(serverIssues(error));
    }
    setSaving(false);
  };

  const problem = (name: DraftField) =>
    issues[name] && (
      <p id={`assignment-${name}-error`} className={field.error} role="alert">
        {t(issues[name])}
      </p>
    );
  const invalid = (name: DraftField) =>
    issues[name] ? { 'aria-invalid': true, 'aria-describedby': `assignment-${name}-error` } : {};
  /** The input of the due date or of a count, labelled by its field's text; its problem is shown under `issue`'s. */
  const draftInput = (
    name: 'dueDate' | 'dueInDays' | 'recurEveryMonths',
    issue: DraftField,
    attributes: InputHTMLAttributes<HTMLInputElement>,
  ) => (
    <input
      {...attributes}
      aria-label={t(`assignments.${name}`)}
      value={draft[name]}
      disabled={saving}
      {...invalid(issue)}
      onChange={(event) => change({ [name]: event.target.value })}
    />
  );

  return (
    <form className={styles.card} onSubmit={(event) => void submit(event)} noValidate aria-labelledby="assign-title">
      <h2 id="assign-title" className={styles.cardTitle}>
        {t('assignments.formTitle')}
      </h2>
      <ChoiceField
        id="assignment-course"
        label={t('assignments.course')}
        value={draft.courseId}
        disabled={saving}
        {...invalid('course')}
        none={t('assignments.chooseCourse')}
        choices={courses}
        onChoose={(courseId) => {
          change({ courseId });
          onCourse(courseId);
        }}
      >
        {problem('course')}
      </ChoiceField>

      <div className={styles.fields}>
        {ASSIGNEES.map(({ name, useMatches }) => (
          <OptionPicker
            key={`${name}-${made}`}
            label={t(`assignments.${name}`)}
            useMatches={useMatches}
            chosen={draft[name]}
            onChange={(chosen) => change({ [name]: chosen })}
            disabled={saving}
          />
        ))}
      </div>
      {problem('assignees')}

      <fieldset className={styles.fieldset}>
        <legend className={field.label}>{t('assignments.kind')}</legend>
        {KINDS.map(({ mandatory, label }) => (
          <Radio
            key={label}
            name="mandatory"
            label={t(label)}
            checked={draft.mandatory === mandatory}
            disabled={saving}
            onCheck={() => change({ mandatory })}
          />
        ))}
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={field.label}>{t('assignments.due')}</legend>
        {DUE_KINDS.map((kind) => (
          <div key={kind} className={styles.choice}>
            <Radio
              name="due"
              label={t(`assignments.dueKind.${kind}`)}
              checked={draft.due === kind}
              disabled={saving}
              onCheck={() => change({ due: kind })}
            />
            {kind === 'date' &&
              draft.due === 'date' &&
              draftInput('dueDate', 'due', { type: 'date', className: input.input })}
            {kind === 'days' && draft.due === 'days' && draftInput('dueInDays', 'due', COUNT)}
          </div>
        ))}
        {problem('due')}
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={field.label}>{t('assignments.recurrence')}</legend>
        <div className={styles.choice}>
          <label className={styles.option}>
            <input
              type="checkbox"
              checked={draft.repeat}
              disabled={saving}
              onChange={(event) => change({ repeat: event.target.checked })}
            />
            {t('assignments.repeat')}
          </label>
          {draft.repeat && draftInput('recurEveryMonths', 'repeat', COUNT)}
        </div>
        {problem('repeat')}
      </fieldset>

      {problem('form')}
      <div className={styles.actions}>
        <button type="submit" className={buttons.buttonPrimary} disabled={saving} aria-busy={saving}>
          {saving && <span className={spinner.spinner} aria-hidden="true" />}
          {t(saving ? 'assignments.assigning' : 'assignments.assign')}
        </button>
      </div>
    </form>
  );
}
