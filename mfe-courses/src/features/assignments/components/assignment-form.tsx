import buttons from '@portal/web-kit/styles/buttons.module.css';
import field from '@portal/web-kit/styles/field.module.css';
import input from '@portal/web-kit/styles/input.module.css';
import spinner from '@portal/web-kit/styles/spinner.module.css';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import styles from '../../../components/admin.module.css';
import { ChoiceField } from '../../../components/choice-field.tsx';
import { COURSES_NAMESPACE } from '../../../lib/i18n.ts';
import { queryKeys } from '../../../lib/queries.tsx';
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

const DUE_KINDS: readonly DueKind[] = ['none', 'date', 'days'];

/**
 * A course assigned to people and groups: mandatory or recommended, due on a date or some days after the
 * assignment (or after joining the group), optionally again every few months. Checked here with the contracts'
 * schema, then by the server; each problem is shown under its field.
 */
export function AssignmentForm({ courses, courseId, onCourse }: Props) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const client = useQueryClient();
  const [draft, setDraft] = useState<AssignmentDraft>(() => emptyDraft(courseId));
  const [issues, setIssues] = useState<DraftIssues>({});
  const [saving, setSaving] = useState(false);
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
        <OptionPicker
          label={t('assignments.people')}
          useMatches={usePeopleOptions}
          chosen={draft.people}
          onChange={(people) => change({ people })}
          disabled={saving}
        />
        <OptionPicker
          label={t('assignments.groups')}
          useMatches={useGroupOptions}
          chosen={draft.groups}
          onChange={(groups) => change({ groups })}
          disabled={saving}
        />
      </div>
      {problem('assignees')}

      <fieldset className={styles.fieldset}>
        <legend className={field.label}>{t('assignments.kind')}</legend>
        <label className={styles.option}>
          <input
            type="radio"
            name="mandatory"
            checked={draft.mandatory}
            disabled={saving}
            onChange={() => change({ mandatory: true })}
          />
          {t('assigned.mandatory')}
        </label>
        <label className={styles.option}>
          <input
            type="radio"
            name="mandatory"
            checked={!draft.mandatory}
            disabled={saving}
            onChange={() => change({ mandatory: false })}
          />
          {t('assigned.recommended')}
        </label>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={field.label}>{t('assignments.due')}</legend>
        {DUE_KINDS.map((kind) => (
          <div key={kind} className={styles.choice}>
            <label className={styles.option}>
              <input
                type="radio"
                name="due"
                checked={draft.due === kind}
                disabled={saving}
                onChange={() => change({ due: kind })}
              />
              {t(`assignments.dueKind.${kind}`)}
            </label>
            {kind === 'date' && draft.due === 'date' && (
              <input
                type="date"
                className={input.input}
                aria-label={t('assignments.dueDate')}
                value={draft.dueDate}
                disabled={saving}
                {...invalid('due')}
                onChange={(event) => change({ dueDate: event.target.value })}
              />
            )}
            {kind === 'days' && draft.due === 'days' && (
              <input
                type="number"
                inputMode="numeric"
                min={1}
                className={`${input.input} ${styles.small}`}
                aria-label={t('assignments.dueInDays')}
                value={draft.dueInDays}
                disabled={saving}
                {...invalid('due')}
                onChange={(event) => change({ dueInDays: event.target.value })}
              />
            )}
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
          {draft.repeat && (
            <input
              type="number"
              inputMode="numeric"
              min={1}
              className={`${input.input} ${styles.small}`}
              aria-label={t('assignments.recurEveryMonths')}
              value={draft.recurEveryMonths}
              disabled={saving}
              {...invalid('repeat')}
              onChange={(event) => change({ recurEveryMonths: event.target.value })}
            />
          )}
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
