import { api } from '@portal/contracts/api-client';
import { COURSE_LIMITS, type Category, type Course } from '@portal/contracts/courses';
import { apiErrorKey } from '@portal/web-kit/api-errors';
import { ConfirmDialog } from '@portal/web-kit/confirm-dialog';
import { formatNumber } from '@portal/web-kit/format';
import { type FormEvent, useCallback, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { paths } from '../../../config/paths.ts';
import { EDITOR_NAMESPACE } from '../../../lib/i18n.ts';
import {
  formReducer,
  initialFormState,
  isDirty,
  type Mode,
  submitLabelKey,
  temporaryId,
  validate,
  visibleFiles,
} from '../lib/form-state.ts';
import { submitCourse } from '../lib/submit-course.ts';
import { useLeaveGuard } from '../lib/use-leave-guard.ts';
import { CategorySelect } from './category-select.tsx';
import { ConflictPanel } from './conflict-panel.tsx';
import styles from './course-form.module.css';
import { FileArea } from './file-area.tsx';
import { type EditorText, RichTextEditor } from './rich-text-editor.tsx';

/** The message of each rule of the title and the description (the codes of the contracts' courseFormSchema). */
const RULE_MESSAGES: Readonly<Record<string, string>> = {
  title_required: 'form.titleRequired',
  title_too_long: 'form.titleTooLong',
  control_characters: 'form.titleControlCharacters',
  description_required: 'form.descriptionRequired',
  description_too_long: 'form.descriptionTooLong',
};

/** Under a text field: the message of the rule it breaks (once touched), and its length against the limit. */
function FieldFoot({ id, issue, length, max }: { id: string; issue: string | undefined; length: number; max: number }) {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  return (
    <div className={styles.fieldFoot}>
      <span id={`${id}-error`} className={styles.error} aria-live="polite">
        {issue && t(RULE_MESSAGES[issue] ?? 'form.incomplete')}
      </span>
      <span id={`${id}-count`} className={`${styles.counter} ${length > max ? styles.counterOver : ''}`}>
        {t('form.counter', { count: length, current: formatNumber(length), max: formatNumber(max) })}
      </span>
    </div>
  );
}

interface Props {
  mode: Mode;
  course: Course | null;
  categories: Category[];
}

/** The course form of spec §2 with the file handling of §4. */
export function CourseForm({ mode, course, categories }: Props) {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(formReducer, mode, (initialMode) => {
    const empty = initialFormState(initialMode);
    return course ? formReducer(empty, { type: 'loaded', course }) : empty;
  });
  const [reloading, setReloading] = useState(false);
  const [touched, setTouched] = useState({ title: false, description: false });

  const { values } = state;
  const validity = validate(values);
  const busy = state.phase !== 'idle';
  const dirty = isDirty(state);
  const leaveGuard = useLeaveGuard(dirty);

  const onDescriptionChange = useCallback((text: EditorText) => {
    dispatch({ type: 'descriptionChanged', html: text.html, text: text.text });
    setTouched((current) => (current.description ? current : { ...current, description: true }));
  }, []);
  const onDescriptionSynced = useCallback(
    (text: EditorText) => dispatch({ type: 'editorSynced', html: text.html, text: text.text }),
    [],
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !validity.valid) return;
    const outcome = await submitCourse(state, dispatch, api);
    switch (outcome.kind) {
      case 'done':
        toast.success(t(outcome.isPublished ? 'messages.published' : 'messages.drafted'));
        leaveGuard.leaveOnPurpose();
        void navigate(paths.dashboard.getHref());
        break;
      case 'saveFailed':
        console.error('Failed to save topic', outcome.error);
        toast.error(t(apiErrorKey(outcome.error, 'messages.saveFailed')));
        break;
      case 'conflict':
        toast.error(t('conflict.title'));
        break;
      case 'filesFailed':
        for (const fileId of outcome.failedDeletions) toast.error(t('files.deleteFailed', { id: fileId }));
        if (outcome.failedUploads > 0) toast.error(t('files.someFailed', { count: outcome.failedUploads }));
        break;
    }
  };

  const reloadLatest = async () => {
    if (!state.courseId) return;
    setReloading(true);
    try {
      dispatch({ type: 'latestLoaded', course: await api.getCourse(state.courseId) });
    } catch (error) {
      console.error('Could not load the latest version', error);
      toast.error(t(apiErrorKey(error, 'conflict.reloadFailed')));
    } finally {
      setReloading(false);
    }
  };

  const titleLength = values.title.trim().length;
  const titleIssue = touched.title ? validity.issues.title : undefined;
  const descriptionIssue = touched.description ? validity.issues.description : undefined;
  const selectedCategoryIds = new Set(values.categoryIds);
  // Categories the course has but the list lacks (renamed or removed meanwhile) stay selectable.
  const shownCategories = [
    ...categories,
    ...(course?.categories ?? []).filter(
      (category) => selectedCategoryIds.has(category.id) && !categories.some((item) => item.id === category.id),
    ),
  ];

  return (
    <section className={styles.page} aria-labelledby="course-form-title">
      <header className={styles.header}>
        <h1 id="course-form-title" className={styles.title}>
          {t(mode === 'create' ? 'form.createTitle' : 'form.editTitle')}
        </h1>
        <Link
          to={paths.dashboard.getHref()}
          className={styles.close}
          aria-label={t('form.close')}
          title={t('form.close')}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M18 6 6 18M6 6l12 12" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
          </svg>
        </Link>
      </header>

      {state.conflict && (
        <ConflictPanel
          mine={state.conflict.mine}
          reloaded={state.conflict.reloaded}
          reloading={reloading}
          onReload={() => void reloadLatest()}
          onReapply={() => dispatch({ type: 'mineReapplied' })}
          onDismiss={() => dispatch({ type: 'conflictDismissed' })}
        />
      )}

      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={busy}>
        <div className={styles.field}>
          <label htmlFor="course-title" className={styles.label}>
            {t('form.title')} <span className={styles.required}>{t('form.required')}</span>
          </label>
          <input
            id="course-title"
            className={styles.input}
            value={values.title}
            disabled={busy}
            required
            aria-invalid={titleIssue !== undefined}
            aria-describedby="course-title-count course-title-error"
            onChange={(event) => dispatch({ type: 'titleChanged', title: event.target.value })}
            onBlur={() => setTouched((current) => ({ ...current, title: true }))}
          />
          <FieldFoot id="course-title" issue={titleIssue} length={titleLength} max={COURSE_LIMITS.titleMax} />
        </div>

        <div className={styles.field}>
          <p id="course-description-label" className={styles.label}>
            {t('form.description')} <span className={styles.required}>{t('form.required')}</span>
          </p>
          <RichTextEditor
            html={values.description}
            revision={state.contentRevision}
            disabled={busy}
            labelId="course-description-label"
            describedBy="course-description-count course-description-error"
            invalid={descriptionIssue !== undefined}
            onChange={onDescriptionChange}
            onSynced={onDescriptionSynced}
          />
          <FieldFoot
            id="course-description"
            issue={descriptionIssue}
            length={values.descriptionText.length}
            max={COURSE_LIMITS.descriptionTextMax}
          />
        </div>

        <CategorySelect
          categories={shownCategories}
          selected={values.categoryIds}
          disabled={busy}
          invalid={validity.issues.categories !== undefined}
          onChange={(categoryIds) => dispatch({ type: 'categoriesChanged', categoryIds })}
        />

        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={values.isPublished}
            disabled={busy}
            onChange={(event) => dispatch({ type: 'publishedChanged', isPublished: event.target.checked })}
          />
          <span>{t('form.published')}</span>
        </label>

        <FileArea
          entries={visibleFiles(state)}
          disabled={busy}
          unavailable={mode === 'edit' && course?.files === null}
          onAdd={(files) => dispatch({ type: 'filesAdded', files: files.map((file) => ({ id: temporaryId(), file })) })}
          onRemove={(id) => dispatch({ type: 'fileRemoved', id })}
        />

        <div className={styles.actions}>
          <p className={styles.status} role="status">
            {state.phase === 'saving' && t('form.saving')}
            {state.phase === 'uploading' && t('form.uploading')}
            {state.phase === 'idle' && !validity.valid && t('form.incomplete')}
          </p>
          <button type="submit" className={styles.submit} disabled={busy || !validity.valid}>
            {t(submitLabelKey(state, values.isPublished))}
          </button>
        </div>
      </form>
      {leaveGuard.asking && (
        <ConfirmDialog
          title={t('leave.title')}
          message={t('leave.text')}
          confirmLabel={t('leave.confirm')}
          cancelLabel={t('leave.cancel')}
          onConfirm={leaveGuard.leave}
          onCancel={leaveGuard.stay}
        />
      )}
    </section>
  );
}
