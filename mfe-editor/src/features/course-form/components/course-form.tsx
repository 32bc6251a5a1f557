import { zodResolver } from '@hookform/resolvers/zod';
import { api } from '@portal/contracts/api-client';
import {
  COMPLETION_PROOFS,
  COMPLETION_REQUIREMENTS,
  COURSE_LIMITS,
  type Category,
  type Course,
  courseFormSchema,
  type CourseSaved,
  hasCourseText,
} from '@portal/contracts/courses';
import { type Language, LANGUAGES } from '@portal/contracts/languages';
import { apiErrorKey } from '@portal/web-kit/api-errors';
import { formatLanguage, formatNumber } from '@portal/web-kit/format';
import { currentLanguage } from '@portal/web-kit/i18n';
import { lazy, type ReactNode, Suspense, useEffect, useReducer, useRef, useState } from 'react';
import {
  Controller,
  type FieldErrors,
  useController,
  useForm,
  type UseFormRegisterReturn,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { toast, usePageToasts } from 'react-toastify';
import { pages } from '@portal/contracts/pages';
import { EDITOR_NAMESPACE } from '../../../lib/i18n.ts';
import { filesOf, filesReducer, filesWaiting, temporaryId, visibleFiles } from '../lib/files-state.ts';
import {
  emptyValues,
  type FormValues,
  languageStatus,
  type Mode,
  submitLabelKey,
  valuesOf,
} from '../lib/form-values.ts';
import { type SaveTarget, submitCourse } from '../lib/submit-course.ts';
import { useDraft } from '../lib/use-draft.ts';
import { useLeaveGuard } from '../../../lib/use-leave-guard.ts';
import { CategorySelect } from './category-select.tsx';
import { ConflictPanel } from './conflict-panel.tsx';
import styles from './course-form.module.css';
import { FileArea } from './file-area.tsx';
import { LeaveGuardDialog } from '../../../components/leave-guard-dialog.tsx';
import { LanguageTabs, languageTabId } from '../../../components/language-tabs.tsx';
import type { EditorText } from '../../../components/rich-text/rich-text-editor.tsx';

/** TipTap and ProseMirror: 120 KB of the page's 300 (compressed). */
const RichTextEditor = lazy(async () => ({
  default: (await import('../../../components/rich-text/rich-text-editor.tsx')).RichTextEditor,
}));

/**
 * Draws `children` from the frame after the first one, and `placeholder` until then and while their script loads:
 * the form is on screen before the description's editor is even asked for (the page's largest paint waited for
 * it: bench/reports/issue-28-before-after.md).
 */
function AfterFirstPaint({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return <Suspense fallback={placeholder}>{painted ? children : placeholder}</Suspense>;
}

/** The one-line texts of a language, above its description. */
/** The course's language tabs: each is `course-language-<code>`, and they control the one panel of the text. */
const TAB_PREFIX = 'course-language';
const LANGUAGE_PANEL_ID = 'course-language-panel';

const LINE_FIELDS = [
  { name: 'title', id: 'course-title', max: COURSE_LIMITS.titleMax, hint: undefined, requiredInDefault: true },
  {
    name: 'shortDescription',
    id: 'course-short-description',
    max: COURSE_LIMITS.shortDescriptionMax,
    hint: 'form.shortDescriptionHint',
    requiredInDefault: false,
  },
] as const;

/**
 * Under a text field: the message of the rule it breaks (once touched; the rule's code in the contracts is its key
 * under `rules`), and its length against the limit.
 */
function FieldFoot({ id, issue, length, max }: { id: string; issue: string | undefined; length: number; max: number }) {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  return (
    <div className={styles.fieldFoot}>
      <span id={`${id}-error`} className={styles.error} aria-live="polite">
        {issue && t([`rules.${issue}`, 'form.incomplete'])}
      </span>
      <span id={`${id}-count`} className={`${styles.counter} ${length > max ? styles.counterOver : ''}`}>
        {t('form.counter', { count: length, current: formatNumber(length), max: formatNumber(max) })}
      </span>
    </div>
  );
}

interface FormFieldProps {
  /** The control's id; its hint's is `${id}-hint`. */
  id: string;
  label: string;
  required: boolean;
  hint?: string;
  /** For a control that is no form element (the rich text editor): the id of the text that names it instead of a <label>. */
  labelId?: string;
  /** The control and its foot. */
  children: ReactNode;
}

/** A field of the form: its label (marked when required) and hint above its control. */
function FormField({ id, label, required, hint, labelId, children }: FormFieldProps) {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const text = (
    <>
      {label} {required && <span className={styles.required}>{t('form.required')}</span>}
    </>
  );
  return (
    <div className={styles.field}>
      {labelId ? (
        <p id={labelId} className={styles.label}>
          {text}
        </p>
      ) : (
        <label htmlFor={id} className={styles.label}>
          {text}
        </label>
      )}
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {children}
    </div>
  );
}

interface LineFieldProps {
  id: string;
  label: string;
  hint?: string;
  required?: boolean;
  lang: Language;
  length: number;
  disabled: boolean;
  issue: string | undefined;
  max: number;
  field: UseFormRegisterReturn;
}

/** A one-line text of the shown language (the title, the short description) with its hint and foot. */
function LineField({ id, label, hint, required = false, lang, length, disabled, issue, max, field }: LineFieldProps) {
  return (
    <FormField id={id} label={label} required={required} hint={hint}>
      <input
        id={id}
        className={styles.input}
        lang={lang}
        disabled={disabled}
        required={required}
        aria-invalid={issue !== undefined}
        aria-describedby={`${hint ? `${id}-hint ` : ''}${id}-count ${id}-error`}
        {...field}
      />
      <FieldFoot id={id} issue={issue} length={length} max={max} />
    </FormField>
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
 * published flag and the files are shared by every language. The values live in react-hook-form, checked with the
 * contracts' courseFormSchema; the files, sent apart after the course, in lib/files-state.ts.
 */
export function CourseForm({ mode, course, categories }: Props) {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const pageToast = usePageToasts();
  const navigate = useNavigate();
  const { control, register, setValue, getValues, getFieldState, reset, resetField, handleSubmit, formState } =
    useForm<FormValues>({
      defaultValues: course ? valuesOf(course) : emptyValues(currentLanguage()),
      resolver: zodResolver(courseFormSchema, undefined, { raw: true }),
      reValidateMode: 'onSubmit',
      shouldFocusError: false,
    });
  // Every field has a default value: the watched values are whole.
  const values = useWatch({ control }) as FormValues;
  const [language, setLanguage] = useState<Language>(values.defaultLanguage);
  /** Bumped when the form puts content into the description editor from outside it (a tab, a load, a copy). */
  const [contentRevision, setContentRevision] = useState(0);
  const showContent = () => setContentRevision((revision) => revision + 1);
  const [target, setTarget] = useState<SaveTarget>({
    courseId: course?.id ?? null,
    updatedAt: course?.updatedAt ?? null,
  });
  const [files, dispatchFiles] = useReducer(filesReducer, course?.files ?? [], filesOf);
  const [phase, setPhase] = useState<'idle' | 'saving' | 'uploading'>('idle');
  /** Someone else saved the course first (409): the user's version, kept until they choose. */
  const [conflict, setConflict] = useState<{ mine: FormValues; reloaded: boolean } | null>(null);
  const [reloading, setReloading] = useState(false);
  /** Bumped when a save is refused here: the first field with an error gets the focus. */
  const [focusRequest, setFocusRequest] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  const text = values.texts[language];
  const busy = phase !== 'idle';
  const dirty = formState.isDirty || filesWaiting(files);
  const leaveGuard = useLeaveGuard(dirty);
  useDraft(course?.id ?? null, { values, updatedAt: target.updatedAt }, dirty, (draft) => {
    reset(draft.values, { keepDefaultValues: true });
    if (draft.updatedAt) setTarget((current) => ({ ...current, updatedAt: draft.updatedAt }));
    showContent();
    toast.info(t('messages.draftRestored'));
  });

  // Every rule, on every change: the tabs and the status line tell what is broken before the fields are left.
  const issues = courseFormSchema.safeParse(values).error?.issues ?? [];
  const issueAt = (path: string) => issues.find((issue) => issue.path.join('.') === path)?.message;
  const attempted = formState.isSubmitted;
  /** A text field's broken rule, once the user left the field or tried to save. */
  const issueOf = (field: 'title' | 'shortDescription' | 'descriptionText') =>
    attempted || formState.touchedFields.texts?.[language]?.[field] ? issueAt(`texts.${language}.${field}`) : undefined;

  // The shown language's description: its HTML, and the text the user typed, which its rules count.
  const descriptionHtml = useController({ control, name: `texts.${language}.description` }).field;
  const descriptionText = useController({ control, name: `texts.${language}.descriptionText` }).field;
  const onDescriptionChange = (edited: EditorText) => {
    descriptionHtml.onChange(edited.html);
    descriptionText.onChange(edited.text);
    descriptionText.onBlur();
  };
  // The editor normalised what it was given: a description the user has not changed stays unchanged.
  const onDescriptionSynced = (synced: EditorText) => {
    if (getFieldState(descriptionHtml.name).isDirty) {
      descriptionHtml.onChange(synced.html);
      descriptionText.onChange(synced.text);
    } else {
      resetField(descriptionHtml.name, { defaultValue: synced.html });
      resetField(descriptionText.name, { defaultValue: synced.text });
    }
  };

  const show = (code: Language) => {
    if (code === language) return;
    setLanguage(code);
    showContent();
  };

  useEffect(() => {
    if (focusRequest === 0) return;
    const focusTarget =
      form.current?.querySelector<HTMLElement>(`#${LANGUAGE_PANEL_ID} [aria-invalid="true"]`) ??
      form.current?.querySelector<HTMLElement>('fieldset[aria-invalid="true"] input');
    focusTarget?.focus();
  }, [focusRequest]);

  const onInvalid = (errors: FieldErrors<FormValues>) => {
    // The shown language first, else the first language (in tab order) with a broken rule.
    const failing = errors.texts?.[language] ? language : LANGUAGES.find((code) => errors.texts?.[code]);
    if (failing) show(failing);
    setFocusRequest((count) => count + 1);
  };

  const onSaved = (saved: CourseSaved) => {
    // From here on the course exists: a retry after a failed upload updates it instead of creating another.
    setTarget({ courseId: saved.id, updatedAt: saved.updatedAt });
    setConflict(null);
    reset(getValues(), { keepIsSubmitted: true, keepTouched: true });
    setPhase('uploading');
  };

  const onValid = async (submitted: FormValues) => {
    if (busy) return;
    setPhase('saving');
    const outcome = await submitCourse(submitted, target, files, dispatchFiles, onSaved, api);
    setPhase('idle');
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
        setConflict({ mine: submitted, reloaded: false });
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
    if (!target.courseId) return;
    setReloading(true);
    try {
      const latest = await api.getCourse({ params: { id: target.courseId } });
      reset(valuesOf(latest));
      setTarget({ courseId: latest.id, updatedAt: latest.updatedAt });
      if (latest.files) dispatchFiles({ type: 'loaded', files: latest.files });
      setConflict((current) => current && { ...current, reloaded: true });
      showContent();
    } catch (error) {
      console.error('Could not load the latest version', error);
      pageToast.error(t(apiErrorKey(error, 'conflict.reloadFailed')));
    } finally {
      setReloading(false);
    }
  };

  const reapplyMine = () => {
    if (!conflict) return;
    reset(conflict.mine, { keepDefaultValues: true });
    setConflict(null);
    showContent();
  };

  const descriptionIssue = issueOf('descriptionText');
  const isDefault = language === values.defaultLanguage;
  const defaultName = formatLanguage(values.defaultLanguage);
  const canCopy = !isDefault && !hasCourseText(text) && hasCourseText(values.texts[values.defaultLanguage]);
  const statuses = Object.fromEntries(
    LANGUAGES.map((code) => [
      code,
      languageStatus(
        values.texts[code],
        issues.some((issue) => issue.path[1] === code),
        attempted,
      ),
    ]),
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
        {course && (
          <Link to={pages.courseLessons.getHref(course.id)} className={styles.secondary}>
            {t('form.lessonsLink')}
          </Link>
        )}
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

      {conflict && (
        <ConflictPanel
          mine={conflict.mine}
          reloaded={conflict.reloaded}
          reloading={reloading}
          onReload={() => void reloadLatest()}
          onReapply={reapplyMine}
          onDismiss={() => setConflict(null)}
        />
      )}

      <form
        ref={form}
        className={styles.form}
        onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
        noValidate
        aria-busy={busy}
      >
        <FormField
          id="course-default-language"
          label={t('languages.defaultLabel')}
          required
          hint={t('languages.defaultHint')}
        >
          <select
            id="course-default-language"
            className={styles.select}
            disabled={busy}
            required
            aria-describedby="course-default-language-hint"
            {...register('defaultLanguage')}
          >
            {LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {formatLanguage(code)}
              </option>
            ))}
          </select>
        </FormField>

        <div className={styles.languages}>
          <LanguageTabs
            label={t('languages.tabs')}
            idPrefix={TAB_PREFIX}
            panelId={LANGUAGE_PANEL_ID}
            shown={language}
            defaultLanguage={values.defaultLanguage}
            statuses={statuses}
            texts={{ default: t('languages.default'), status: (status) => t(`languages.status.${status}`) }}
            onShow={show}
          />
          <div
            id={LANGUAGE_PANEL_ID}
            role="tabpanel"
            aria-labelledby={languageTabId(TAB_PREFIX, language)}
            className={styles.panel}
          >
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
                  onClick={() => {
                    setValue(`texts.${language}`, values.texts[values.defaultLanguage], { shouldDirty: true });
                    showContent();
                  }}
                >
                  {t('languages.copyFromDefault', { language: defaultName })}
                </button>
              </div>
            )}
            {LINE_FIELDS.map(({ name, id, max, hint, requiredInDefault }) => (
              <LineField
                key={`${language}-${id}`}
                id={id}
                label={t(`form.${name}`)}
                hint={hint && t(hint)}
                required={requiredInDefault && isDefault}
                max={max}
                lang={language}
                length={text[name].trim().length}
                disabled={busy}
                issue={issueOf(name)}
                field={register(`texts.${language}.${name}`)}
              />
            ))}

            <FormField
              id="course-description"
              label={t('form.description')}
              required={isDefault}
              labelId="course-description-label"
            >
              <AfterFirstPaint placeholder={<div className={styles.editorLoading} aria-busy="true" />}>
                <RichTextEditor
                  key={language}
                  html={text.description}
                  revision={contentRevision}
                  disabled={busy}
                  labelId="course-description-label"
                  describedBy="course-description-count course-description-error"
                  lang={language}
                  invalid={descriptionIssue !== undefined}
                  onChange={onDescriptionChange}
                  onSynced={onDescriptionSynced}
                />
              </AfterFirstPaint>
              <FieldFoot
                id="course-description"
                issue={descriptionIssue}
                length={text.descriptionText.length}
                max={COURSE_LIMITS.descriptionTextMax}
              />
            </FormField>
          </div>
        </div>

        <Controller
          control={control}
          name="categoryIds"
          render={({ field }) => (
            <CategorySelect
              categories={shownCategories}
              selected={field.value}
              disabled={busy}
              invalid={issueAt('categoryIds') !== undefined}
              onChange={(categoryIds) => field.onChange([...categoryIds].sort())}
            />
          )}
        />

        <label className={styles.checkbox}>
          <input type="checkbox" disabled={busy} {...register('isPublished')} />
          <span>{t('form.published')}</span>
        </label>

        <fieldset className={styles.proof} disabled={busy}>
          <legend>{t('form.completionProof')}</legend>
          {COMPLETION_PROOFS.map((proof) => (
            <label key={proof} className={styles.checkbox}>
              <input type="radio" value={proof} {...register('completionProof')} />
              <span>{t(`form.proof.${proof}`)}</span>
            </label>
          ))}
        </fieldset>

        <fieldset className={styles.proof} disabled={busy}>
          <legend>{t('form.completionRequires')}</legend>
          {COMPLETION_REQUIREMENTS.map((requirement) => (
            <label key={requirement} className={styles.checkbox}>
              <input type="checkbox" value={requirement} {...register('completionRequires')} />
              <span>{t(`form.requires.${requirement}`)}</span>
            </label>
          ))}
        </fieldset>

        <FileArea
          entries={visibleFiles(files)}
          disabled={busy}
          unavailable={mode === 'edit' && course?.files === null}
          onAdd={(added) => dispatchFiles({ type: 'added', files: added.map((file) => ({ id: temporaryId(), file })) })}
          onRemove={(id) => dispatchFiles({ type: 'removed', id })}
        />

        <div className={styles.actions}>
          <p className={styles.status} role="status">
            {phase === 'saving' && t('form.saving')}
            {phase === 'uploading' && t('form.uploading')}
            {phase === 'idle' && issues.length > 0 && t('form.incomplete')}
          </p>
          <button type="submit" className={styles.submit} disabled={busy}>
            {t(submitLabelKey(mode, values.isPublished))}
          </button>
        </div>
      </form>
      <LeaveGuardDialog guard={leaveGuard} namespace={EDITOR_NAMESPACE} />
    </section>
  );
}
