import { zodResolver } from '@hookform/resolvers/zod';
import type { CourseFile } from '@portal/contracts/courses';
import { ApiError } from '@portal/contracts/errors';
import { type Language, LANGUAGES } from '@portal/contracts/languages';
import {
  CAPTIONS_TYPE,
  FILE_LESSON_KINDS,
  LESSON_KINDS,
  type Lesson,
  lessonInputSchema,
} from '@portal/contracts/lessons';
import { apiErrorKey } from '@portal/web-kit/api-errors';
import { formatLanguage } from '@portal/web-kit/format';
import { currentLanguage } from '@portal/web-kit/i18n';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import field from '@portal/web-kit/styles/field.module.css';
import { lazy, Suspense, useState } from 'react';
import { type FieldPath, type Resolver, useController, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import styles from '../../../components/authoring.module.css';
import { FieldError } from '../../../components/field-error.tsx';
import { LeaveGuardDialog } from '../../../components/leave-guard-dialog.tsx';
import { type LanguageStatus, LanguageTabs, languageTabId } from '../../../components/language-tabs.tsx';
import { AUTHORING_NAMESPACE } from '../../../lib/authoring-i18n.ts';
import { useLeaveGuard } from '../../../lib/use-leave-guard.ts';
import { useSaveLesson } from '../api/lessons.ts';
import {
  emptyLessonValues,
  isWritten,
  lessonInputOf,
  type LessonFormValues,
  lessonValuesOf,
} from '../lib/lesson-values.ts';

/** TipTap loads only when a text lesson's body is shown. */
const RichTextEditor = lazy(async () => ({
  default: (await import('../../../components/rich-text/rich-text-editor.tsx')).RichTextEditor,
}));

/** The contracts' rules, checked on what the API would take (the languages written in), told at the form's fields. */
const checkInput = zodResolver(lessonInputSchema);
const resolver: Resolver<LessonFormValues> = async (values, context, options) => {
  const result = await checkInput(lessonInputOf(values), context, {
    ...options,
    names: undefined,
    fields: {},
  } as unknown as Parameters<typeof checkInput>[2]);
  return Object.keys(result.errors).length === 0 ? { values, errors: {} } : { values: {}, errors: result.errors };
};

const PANEL_ID = 'lesson-language-panel';

interface Props {
  courseId: string;
  /** The lesson edited, or null for a new one. */
  lesson: Lesson | null;
  files: readonly CourseFile[];
  onDone: (saved: Lesson | null) => void;
}

/**
 * A lesson as the author writes it: its kind, a title per language, a text lesson's body in the rich-text editor,
 * a file or video lesson's file of the course. The API's field errors show at their fields.
 */
export function LessonForm({ courseId, lesson, files, onDone }: Props) {
  const { t } = useTranslation(AUTHORING_NAMESPACE);
  const save = useSaveLesson(courseId);
  const { control, register, handleSubmit, formState, setError, reset } = useForm<LessonFormValues>({
    defaultValues: lesson ? lessonValuesOf(lesson) : emptyLessonValues(currentLanguage()),
    resolver,
    shouldFocusError: true,
  });
  const values = useWatch({ control }) as LessonFormValues;
  const [language, setLanguage] = useState<Language>(values.defaultLanguage);
  const leaveGuard = useLeaveGuard(formState.isDirty && !save.isSuccess);
  const body = useController({ control, name: `texts.${language}.body` }).field;
  const errors = formState.errors;
  const textErrors = (code: Language) => errors.texts?.[code];
  const needsFile = FILE_LESSON_KINDS.includes(values.kind);
  const captionsFiles = files.filter((file) => file.fileType === CAPTIONS_TYPE);
  // a video lesson shows a video, not one of its captions
  const shownFiles = values.kind === 'video' ? files.filter((file) => file.fileType !== CAPTIONS_TYPE) : files;
  const prefix = lesson ? `lesson-${lesson.id}` : 'lesson-new';

  const onValid = async (submitted: LessonFormValues) => {
    try {
      const saved = await save.mutateAsync({ lessonId: lesson?.id ?? null, input: lessonInputOf(submitted) });
      reset(submitted);
      leaveGuard.leaveOnPurpose();
      toast.success(t(lesson ? 'lessons.updated' : 'lessons.created'));
      onDone(saved);
    } catch (error) {
      if (error instanceof ApiError && error.issues.length > 0) {
        for (const issue of error.issues) {
          setError(issue.path as FieldPath<LessonFormValues>, { message: issue.code });
        }
      } else {
        toast.error(t(apiErrorKey(error, 'lessons.saveFailed')));
      }
    }
  };

  const text = values.texts[language];
  const statuses = Object.fromEntries(
    LANGUAGES.map((code) => [
      code,
      textErrors(code) ? 'invalid' : isWritten(values.texts[code]) ? 'complete' : 'missing',
    ]),
  ) as Record<Language, LanguageStatus>;
  const titleError = textErrors(language)?.title?.message;
  const captionsError = errors.captions?.[language]?.message;
  const bodyError = textErrors(language)?.body?.message;
  return (
    <form
      className={styles.form}
      aria-labelledby={`${prefix}-heading`}
      noValidate
      onSubmit={(event) => void handleSubmit(onValid)(event)}
    >
      <h3 id={`${prefix}-heading`} className={styles.cardTitle}>
        {lesson ? t('lessons.editTitle', { title: lesson.title }) : t('lessons.newTitle')}
      </h3>
      <div className={styles.fields}>
        <div className={field.field}>
          <label htmlFor={`${prefix}-kind`} className={field.label}>
            {t('lessons.kind')}
          </label>
          <select id={`${prefix}-kind`} className={styles.input} {...register('kind')}>
            {LESSON_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={field.field}>
          <label htmlFor={`${prefix}-default-language`} className={field.label}>
            {t('lessons.defaultLanguage')}
          </label>
          <select id={`${prefix}-default-language`} className={styles.input} {...register('defaultLanguage')}>
            {LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {formatLanguage(code)}
              </option>
            ))}
          </select>
        </div>
        {needsFile && (
          <div className={field.field}>
            <label htmlFor={`${prefix}-file`} className={field.label}>
              {t(values.kind === 'video' ? 'lessons.video' : 'lessons.file')}
            </label>
            <select
              id={`${prefix}-file`}
              className={styles.input}
              aria-invalid={errors.fileId !== undefined}
              aria-describedby={`${prefix}-file-error`}
              {...register('fileId')}
            >
              <option value="">{t('lessons.chooseFile')}</option>
              {shownFiles.map((file) => (
                <option key={file.id} value={file.id}>
                  {file.fileName}
                </option>
              ))}
            </select>
            {files.length === 0 && <p className={styles.muted}>{t('lessons.noFiles')}</p>}
            <FieldError id={`${prefix}-file-error`} code={errors.fileId?.message} />
          </div>
        )}
      </div>
      <LanguageTabs
        label={t('lessons.languages')}
        idPrefix={`${prefix}-tab`}
        panelId={PANEL_ID}
        shown={language}
        defaultLanguage={values.defaultLanguage}
        statuses={statuses}
        texts={{ default: t('lessons.defaultTab'), status: (status) => t(`lessons.languageStatus.${status}`) }}
        onShow={setLanguage}
      />
      <div
        id={PANEL_ID}
        role="tabpanel"
        aria-labelledby={languageTabId(`${prefix}-tab`, language)}
        className={styles.form}
      >
        <div className={field.field}>
          <label htmlFor={`${prefix}-title-${language}`} className={field.label}>
            {t('lessons.titleIn', { language: formatLanguage(language) })}
          </label>
          <input
            key={language}
            id={`${prefix}-title-${language}`}
            lang={language}
            className={styles.input}
            aria-invalid={titleError !== undefined}
            aria-describedby={`${prefix}-title-error`}
            {...register(`texts.${language}.title`)}
          />
          <FieldError id={`${prefix}-title-error`} code={titleError} />
        </div>
        {values.kind === 'video' && (
          <div className={field.field}>
            <label htmlFor={`${prefix}-captions-${language}`} className={field.label}>
              {t('lessons.captionsIn', { language: formatLanguage(language) })}
            </label>
            <select
              key={language}
              id={`${prefix}-captions-${language}`}
              className={styles.input}
              aria-invalid={captionsError !== undefined}
              aria-describedby={`${prefix}-captions-hint ${prefix}-captions-error`}
              {...register(`captions.${language}`)}
            >
              <option value="">{t('lessons.noCaptions')}</option>
              {captionsFiles.map((file) => (
                <option key={file.id} value={file.id}>
                  {file.fileName}
                </option>
              ))}
            </select>
            <p id={`${prefix}-captions-hint`} className={styles.muted}>
              {t('lessons.captionsHint')}
            </p>
            <FieldError id={`${prefix}-captions-error`} code={captionsError} />
          </div>
        )}
        {values.kind === 'text' && (
          <div className={field.field}>
            <p id={`${prefix}-body-label`} className={field.label}>
              {t('lessons.bodyIn', { language: formatLanguage(language) })}
            </p>
            <Suspense fallback={<p role="status">{t('lessons.editorLoading')}</p>}>
              <RichTextEditor
                key={language}
                html={text.body}
                revision={0}
                disabled={save.isPending}
                labelId={`${prefix}-body-label`}
                describedBy={`${prefix}-body-error`}
                lang={language}
                invalid={bodyError !== undefined}
                onChange={(edited) => body.onChange(edited.html)}
                onSynced={() => undefined}
              />
            </Suspense>
            <FieldError id={`${prefix}-body-error`} code={bodyError} />
          </div>
        )}
      </div>
      <div className={styles.actions}>
        <button type="button" className={buttons.button} onClick={() => onDone(null)}>
          {t('common.cancel')}
        </button>
        <button type="submit" className={buttons.buttonPrimary} disabled={save.isPending} aria-busy={save.isPending}>
          {t(save.isPending ? 'lessons.saving' : 'lessons.save')}
        </button>
      </div>
      <LeaveGuardDialog guard={leaveGuard} namespace={AUTHORING_NAMESPACE} />
    </form>
  );
}
