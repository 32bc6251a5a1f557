import { api } from '@portal/contracts/api-client';
import { COMPLETION_PROOFS, COURSE_LIMITS, type Category, type Course } from '@portal/contracts/courses';
import { isLanguage, type Language, LANGUAGES } from '@portal/contracts/languages';
import { apiErrorKey } from '@portal/web-kit/api-errors';
import { ConfirmDialog } from '@portal/web-kit/confirm-dialog';
import { formatLanguage, formatNumber } from '@portal/web-kit/format';
import { currentLanguage } from '@portal/web-kit/i18n';
import { type FormEvent, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { toast, usePageToasts } from 'react-toastify';
import { pages } from '@portal/contracts/pages';
import { EDITOR_NAMESPACE } from '../../../lib/i18n.ts';
import {
  formReducer,
  hasText,
  initialFormState,
  isDirty,
  languageStatus,
  type Mode,
  submitLabelKey,
  temporaryId,
  type TextField,
  validate,
  visibleFiles,
} from '../lib/form-state.ts';
import { submitCourse } from '../lib/submit-course.ts';
import { useDraft } from '../lib/use-draft.ts';
import { useLeaveGuard } from '../lib/use-leave-guard.ts';
import { CategorySelect } from './category-select.tsx';
import { ConflictPanel } from './conflict-panel.tsx';
import styles from './course-form.module.css';
import { FileArea } from './file-area.tsx';
import { LanguageTabs, tabId } from './language-tabs.tsx';
import { type EditorText, RichTextEditor } from './rich-text-editor.tsx';

/** The message of each rule of the title and the description (the codes of the contracts' courseFormSchema). */
const RULE_MESSAGES: Readonly<Record<string, string>> = {
  title_required: 'form.titleRequired',
  title_too_long: 'form.titleTooLong',
  control_characters: 'form.titleControlCharacters',
  description_required: 'form.descriptionRequired',
  description_too_long: 'form.descriptionTooLong',
  short_description_too_long: 'form.shortDescriptionTooLong',
};

const PANEL_ID = 'course-language-panel';

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

interface LineFieldProps {
  id: string;
  label: string;
  hint?: string;
  required?: boolean;
  lang: Language;
  value: string;
  disabled: boolean;
  issue: string | undefined;
  max: number;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/** A one-line text of the shown language (the title, the short description) with its hint and foot. */
function LineField({
  id,
  label,
  hint,
  required = false,
  lang,
  value,
  disabled,
  issue,
  max,
  onChange,
  onBlur,
}: LineFieldProps) {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label} {required && <span className={styles.required}>{t('form.required')}</span>}
      </label>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      <input
        id={id}
        className={styles.input}
        lang={lang}
        value={value}
        disabled={disabled}
        required={required}
        aria-invalid={issue !== undefined}
        aria-describedby={`${hint ? `${id}-hint ` : ''}${id}-count ${id}-error`}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      <FieldFoot id={id} issue={issue} length={value.trim().length} max={max} />
    </div>
  );
}

interface Props {
  mode: Mode;
  course: Course | null;
  categories: Category[];
}

/**
 * The course form of spec §2 with the file handling of §4, its text in every language (issue 13): a tab per
 * language for the title, short description and description; the default language, the categories, the
 * published flag and the files are shared by every language.
 */
export function CourseForm({ mode, course, categories }: Props) {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const pageToast = usePageToasts();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(formReducer, mode, (initialMode) => {
    const empty = initialFormState(initialMode, currentLanguage());
    return course ? formReducer(empty, { type: 'loaded', course }) : empty;
  });
  const [reloading, setReloading] = useState(false);
  /** The fields the user has left, as "<language>.<field>": their broken rules are shown from then on. */
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  /** Once the user tried to save, every broken rule is shown. */
  const [attempted, setAttempted] = useState(false);
  /** Bumped when a save is refused here: the first field with an error gets the focus. */
  const [focusRequest, setFocusRequest] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  const { values, language } = state;
  const text = values.texts[language];
  const validity = validate(values);
  const busy = state.phase !== 'idle';
  const dirty = isDirty(state);
  const leaveGuard = useLeaveGuard(dirty);
  useDraft(course?.id ?? null, state, dirty, (draft) => {
    dispatch({ type: 'draftRestored', ...draft });
    toast.info(t('messages.draftRestored'));
  });

  const touch = useCallback(
    (field: TextField) =>
      setTouched((current) => {
        const key = `${language}.${field}`;
        return current.has(key) ? current : new Set([...current, key]);
      }),
    [language],
  );
  const onDescriptionChange = useCallback(
    (edited: EditorText) => {
      dispatch({ type: 'descriptionChanged', html: edited.html, text: edited.text });
      touch('description');
    },
    [touch],
  );
  const onDescriptionSynced = useCallback(
    (synced: EditorText) => dispatch({ type: 'editorSynced', html: synced.html, text: synced.text }),
    [],
  );

  useEffect(() => {
    if (focusRequest === 0) return;
    const target =
      form.current?.querySelector<HTMLElement>(`#${PANEL_ID} [aria-invalid="true"]`) ??
      form.current?.querySelector<HTMLElement>('fieldset[aria-invalid="true"] input');
    target?.focus();
  }, [focusRequest]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!validity.valid) {
      setAttempted(true);
      // The shown language first, else the first language (in tab order) with a broken rule.
      const failing = validity.languages[language]
        ? language
        : LANGUAGES.find((candidate) => validity.languages[candidate]);
      if (failing) dispatch({ type: 'languageShown', language: failing });
      setFocusRequest((count) => count + 1);
      return;
    }
    const outcome = await submitCourse(state, dispatch, api);
    switch (outcome.kind) {
      case 'done':
        toast.success(t(outcome.isPublished ? 'messages.published' : 'messages.drafted'));
        leaveGuard.leaveOnPurpose();
        void navigate(outcome.isPublished ? pages.dashboard.getHref() : pages.dashboard.getHref('drafts'));
        break;
      case 'saveFailed':
        console.error('Could not save the course', outcome.error);
        pageToast.error(t(apiErrorKey(outcome.error, 'messages.saveFailed')));
        break;
      case 'conflict':
        pageToast.error(t('conflict.title'));
        break;
      case 'filesFailed':
        for (const fileId of outcome.failedDeletions) pageToast.error(t('files.deleteFailed', { id: fileId }));
        if (outcome.failedUploads > 0) pageToast.error(t('files.someFailed', { count: outcome.failedUploads }));
        if (outcome.refusedUploads > 0) pageToast.error(t('files.someRefused', { count: outcome.refusedUploads }));
        break;
    }
  };

  const reloadLatest = async () => {
    if (!state.courseId) return;
    setReloading(true);
    try {
      dispatch({ type: 'latestLoaded', course: await api.getCourse({ params: { id: state.courseId } }) });
    } catch (error) {
      console.error('Could not load the latest version', error);
      pageToast.error(t(apiErrorKey(error, 'conflict.reloadFailed')));
    } finally {
      setReloading(false);
    }
  };

  const issueOf = (field: TextField) =>
    attempted || touched.has(`${language}.${field}`) ? validity.languages[language]?.[field] : undefined;
  /** What a one-line field shows of the shown language's text and how it reports back. */
  const bindLine = (field: 'title' | 'shortDescription') => ({
    lang: language,
    value: text[field],
    disabled: busy,
    issue: issueOf(field),
    onChange: (value: string) => dispatch({ type: 'textChanged', language, field, value }),
    onBlur: () => touch(field),
  });
  const descriptionIssue = issueOf('description');
  const isDefault = language === values.defaultLanguage;
  const defaultName = formatLanguage(values.defaultLanguage);
  const canCopy = !isDefault && !hasText(text) && hasText(values.texts[values.defaultLanguage]);
  const statuses = Object.fromEntries(
    LANGUAGES.map((code) => [code, languageStatus(values, validity, code, attempted)]),
  ) as Record<Language, ReturnType<typeof languageStatus>>;
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
          to={pages.dashboard.getHref()}
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

      <form ref={form} className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={busy}>
        <div className={styles.field}>
          <label htmlFor="course-default-language" className={styles.label}>
            {t('languages.defaultLabel')} <span className={styles.required}>{t('form.required')}</span>
          </label>
          <p id="course-default-language-hint" className={styles.hint}>
            {t('languages.defaultHint')}
          </p>
          <select
            id="course-default-language"
            className={styles.select}
            value={values.defaultLanguage}
            disabled={busy}
            required
            aria-describedby="course-default-language-hint"
            onChange={(event) => {
              if (isLanguage(event.target.value)) {
                dispatch({ type: 'defaultLanguageChanged', language: event.target.value });
              }
            }}
          >
            {LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {formatLanguage(code)}
              </option>
            ))}
          </select>
        </div>

        <div className={styles.languages}>
          <LanguageTabs
            shown={language}
            defaultLanguage={values.defaultLanguage}
            statuses={statuses}
            panelId={PANEL_ID}
            onShow={(code) => dispatch({ type: 'languageShown', language: code })}
          />
          <div id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(language)} className={styles.panel}>
            {!isDefault && (
              <p className={styles.hint}>{t('languages.optionalHint', { language: formatLanguage(language) })}</p>
            )}
            {canCopy && (
              <div className={styles.copy}>
                <p className={styles.hint}>{t('languages.emptyHint', { language: formatLanguage(language) })}</p>
                <button
                  type="button"
                  className={styles.secondary}
                  disabled={busy}
                  onClick={() => dispatch({ type: 'copiedFromDefault', language })}
                >
                  {t('languages.copyFromDefault', { language: defaultName })}
                </button>
              </div>
            )}
            <LineField
              id="course-title"
              label={t('form.title')}
              required={isDefault}
              max={COURSE_LIMITS.titleMax}
              {...bindLine('title')}
            />

            <LineField
              id="course-short-description"
              label={t('form.shortDescription')}
              hint={t('form.shortDescriptionHint')}
              max={COURSE_LIMITS.shortDescriptionMax}
              {...bindLine('shortDescription')}
            />

            <div className={styles.field}>
              <p id="course-description-label" className={styles.label}>
                {t('form.description')} {isDefault && <span className={styles.required}>{t('form.required')}</span>}
              </p>
              <RichTextEditor
                key={language}
                html={text.description}
                revision={state.contentRevision}
                disabled={busy}
                labelId="course-description-label"
                describedBy="course-description-count course-description-error"
                lang={language}
                invalid={descriptionIssue !== undefined}
                onChange={onDescriptionChange}
                onSynced={onDescriptionSynced}
              />
              <FieldFoot
                id="course-description"
                issue={descriptionIssue}
                length={text.descriptionText.length}
                max={COURSE_LIMITS.descriptionTextMax}
              />
            </div>
          </div>
        </div>

        <CategorySelect
          categories={shownCategories}
          selected={values.categoryIds}
          disabled={busy}
          invalid={validity.categories !== undefined}
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

        <fieldset className={styles.proof} disabled={busy}>
          <legend>{t('form.completionProof')}</legend>
          {COMPLETION_PROOFS.map((proof) => (
            <label key={proof} className={styles.checkbox}>
              <input
                type="radio"
                name="completion-proof"
                value={proof}
                checked={values.completionProof === proof}
                onChange={() => dispatch({ type: 'completionProofChanged', completionProof: proof })}
              />
              <span>{t(`form.proof.${proof}`)}</span>
            </label>
          ))}
        </fieldset>

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
          <button type="submit" className={styles.submit} disabled={busy}>
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
