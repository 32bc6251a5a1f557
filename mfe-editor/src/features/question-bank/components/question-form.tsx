import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@portal/contracts/errors';
import { type Language, LANGUAGES } from '@portal/contracts/languages';
import { type Question, QUESTION_TYPES, type QuestionType, questionInputSchema } from '@portal/contracts/quizzes';
import { apiErrorKey } from '@portal/web-kit/api-errors';
import { formatLanguage } from '@portal/web-kit/format';
import { currentLanguage } from '@portal/web-kit/i18n';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import field from '@portal/web-kit/styles/field.module.css';
import { type ChangeEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import {
  type FieldErrors,
  type FieldPath,
  type Resolver,
  useFieldArray,
  useForm,
  type UseFormRegisterReturn,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import styles from '../../../components/authoring.module.css';
import { FieldError } from '../../../components/field-error.tsx';
import { type LanguageStatus, LanguageTabs, languageTabId } from '../../../components/language-tabs.tsx';
import { LeaveGuardDialog } from '../../../components/leave-guard-dialog.tsx';
import { AUTHORING_NAMESPACE } from '../../../lib/authoring-i18n.ts';
import { useLeaveGuard } from '../../../lib/use-leave-guard.ts';
import { useSaveQuestion } from '../api/questions.ts';
import { textIn } from '../lib/question-text.ts';
import {
  emptyAnswer,
  emptyItem,
  emptyOption,
  emptyQuestionValues,
  formPathOf,
  questionInputOf,
  type QuestionFormValues,
  questionValuesOf,
  switchedType,
} from '../lib/question-values.ts';

/** The contracts' rules, checked on what the API would take (the type's fields, the languages written in). */
const checkInput = zodResolver(questionInputSchema);
const resolver: Resolver<QuestionFormValues> = async (values, context, options) => {
  const result = await checkInput(questionInputOf(values), context, {
    ...options,
    names: undefined,
    fields: {},
  } as unknown as Parameters<typeof checkInput>[2]);
  const errors = result.errors as Record<string, unknown>;
  // a tag's error is told at the tags line
  if (Array.isArray(errors.tags)) errors.tags = (errors.tags as unknown[]).find((error) => error !== undefined);
  return Object.keys(errors).length === 0
    ? { values, errors: {} }
    : { values: {}, errors: errors as FieldErrors<QuestionFormValues> };
};

/** An error's message at a field, or at the list it heads (told by the resolver as its root, by the API at its path). */
const messageOf = (error: unknown): string | undefined => {
  if (typeof error !== 'object' || error === null) return undefined;
  const { message, root } = error as { message?: unknown; root?: { message?: unknown } };
  if (typeof message === 'string') return message;
  return typeof root?.message === 'string' ? root.message : undefined;
};

/** Whether an error lies in a language's text, anywhere in the form. */
function hasErrorIn(errors: unknown, language: Language): boolean {
  if (typeof errors !== 'object' || errors === null) return false;
  return Object.entries(errors).some(
    ([key, value]) =>
      key !== 'ref' && ((key === language && messageOf(value) !== undefined) || hasErrorIn(value, language)),
  );
}

/** The language of an error's path, when it is a text's. */
const languageOf = (path: string) =>
  path.split('.').find((part): part is Language => LANGUAGES.includes(part as Language));

const PANEL_ID = 'question-language-panel';

interface Props {
  courseId: string;
  /** The question edited, or null for a new one. */
  question: Question | null;
  onDone: () => void;
}

/**
 * A question as the author writes it: its type, tags, and per language its text, its answers or items and the
 * feedback on each. A switch of type keeps what still fits; the API's field errors show at their fields.
 */
export function QuestionForm({ courseId, question, onDone }: Props) {
  const { t } = useTranslation(AUTHORING_NAMESPACE);
  const save = useSaveQuestion(courseId);
  const { control, register, handleSubmit, formState, setError, reset, getValues } = useForm<QuestionFormValues>({
    defaultValues: question ? questionValuesOf(question) : emptyQuestionValues(),
    resolver,
    shouldFocusError: true,
  });
  const values = useWatch({ control }) as QuestionFormValues;
  const [language, setLanguage] = useState<Language>(currentLanguage());
  const leaveGuard = useLeaveGuard(formState.isDirty && !save.isSuccess);
  const options = useFieldArray({ control, name: 'options' });
  const answers = useFieldArray({ control, name: 'answers' });
  const items = useFieldArray({ control, name: 'items' });
  const heading = useRef<HTMLHeadingElement>(null);
  const errors = formState.errors;
  const prefix = question ? `question-${question.id}` : 'question-new';
  const id = (name: string) => `${prefix}-${name}`;
  const lang = formatLanguage(language);
  const statuses = Object.fromEntries(
    LANGUAGES.map((code) => [
      code,
      hasErrorIn(errors, code) ? 'invalid' : values.texts[code].trim() !== '' ? 'complete' : 'missing',
    ]),
  ) as Record<Language, LanguageStatus>;

  useEffect(() => heading.current?.focus(), []);

  /** After the type's box has changed: the lists take what fits from the type it was (rendered last). */
  const switchType = (from: QuestionType, to: QuestionType) => {
    const next = switchedType({ ...getValues(), type: from }, to);
    options.replace(next.options);
    items.replace(next.items);
  };

  const onValid = async (submitted: QuestionFormValues) => {
    try {
      const saved = await save.mutateAsync({ questionId: question?.id ?? null, input: questionInputOf(submitted) });
      reset(submitted);
      leaveGuard.leaveOnPurpose();
      if (!question) toast.success(t('questionForm.created'));
      else if (saved.version > question.version)
        toast.success(t('questionForm.savedAsVersion', { version: saved.version }));
      else toast.success(t('questionForm.updated'));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.issues.length > 0) {
        const shown = error.issues.map((issue) => languageOf(issue.path)).find((code) => code !== undefined);
        if (shown) setLanguage(shown);
        for (const issue of error.issues) {
          setError(formPathOf(issue.path) as FieldPath<QuestionFormValues>, { message: issue.code });
        }
      } else {
        toast.error(t(apiErrorKey(error, 'questionForm.saveFailed')));
      }
    }
  };

  /** A labelled text box with its error under it; `multiline` for the question's text and feedback. */
  const textField = (
    name: string,
    label: string,
    registered: UseFormRegisterReturn,
    error: unknown,
    { multiline = false, inLanguage = true, hint }: { multiline?: boolean; inLanguage?: boolean; hint?: string } = {},
  ) => {
    const code = messageOf(error);
    const props = {
      id: id(name),
      lang: inLanguage ? language : undefined,
      className: styles.input,
      'aria-invalid': code !== undefined,
      'aria-describedby': [hint ? `${id(name)}-hint` : '', `${id(name)}-error`].join(' ').trim(),
      ...registered,
    };
    return (
      <div className={field.field} key={inLanguage ? `${name}-${language}` : name}>
        <label htmlFor={id(name)} className={field.label}>
          {label}
        </label>
        {multiline ? <textarea rows={3} {...props} /> : <input {...props} />}
        {hint && (
          <p id={`${id(name)}-hint`} className={styles.muted}>
            {hint}
          </p>
        )}
        <FieldError id={`${id(name)}-error`} code={code} />
      </div>
    );
  };

  const weightField = (name: string, label: string, registered: UseFormRegisterReturn, error: unknown) => (
    <div className={field.field}>
      <label htmlFor={id(name)} className={field.label}>
        {label}
      </label>
      <input
        id={id(name)}
        type="number"
        inputMode="numeric"
        className={styles.input}
        aria-invalid={messageOf(error) !== undefined}
        aria-describedby={`${id(name)}-error`}
        {...registered}
      />
      <FieldError id={`${id(name)}-error`} code={messageOf(error)} />
    </div>
  );

  const list = (name: string, legend: string, hint: string, error: unknown, children: ReactNode) => (
    <fieldset className={styles.fieldset} aria-describedby={`${id(name)}-hint ${id(name)}-error`}>
      <legend className={styles.legend}>{legend}</legend>
      <p id={`${id(name)}-hint`} className={styles.muted}>
        {hint}
      </p>
      <FieldError id={`${id(name)}-error`} code={messageOf(error)} />
      {children}
    </fieldset>
  );

  const optionErrors = errors.options as FieldErrors<QuestionFormValues['options']> | undefined;
  const choices = list(
    'options',
    t('questionForm.options'),
    t(values.type === 'single' ? 'questionForm.singleHint' : 'questionForm.multipleHint'),
    errors.options,
    <>
      {options.fields.map((option, index) => {
        const number = index + 1;
        const error = optionErrors?.[index];
        return (
          <div key={option.id} className={styles.fieldset}>
            <div className={styles.fields}>
              {textField(
                `option-${index}-text`,
                t('questionForm.optionTextIn', { number, language: lang }),
                register(`options.${index}.texts.${language}`),
                error?.texts?.[language] ?? error?.texts,
              )}
              {weightField(
                `option-${index}-weight`,
                t('questionForm.optionWeight', { number }),
                register(`options.${index}.weight`, { valueAsNumber: true }),
                error?.weight,
              )}
            </div>
            {textField(
              `option-${index}-feedback`,
              t('questionForm.optionFeedbackIn', { number, language: lang }),
              register(`options.${index}.feedback.${language}`),
              error?.feedback?.[language] ?? error?.feedback,
            )}
            <div className={styles.actions}>
              <button
                type="button"
                className={buttons.button}
                disabled={options.fields.length <= 2}
                onClick={() => options.remove(index)}
              >
                {t('questionForm.removeOption', { number })}
              </button>
            </div>
          </div>
        );
      })}
      <div>
        <button type="button" className={buttons.button} onClick={() => options.append(emptyOption())}>
          {t('questionForm.addOption')}
        </button>
      </div>
    </>,
  );

  const trueFalse = (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('questionForm.rightAnswer')}</legend>
      {(['true', 'false'] as const).map((answer) => (
        <label key={answer} className={styles.checkbox}>
          <input type="radio" value={answer} {...register('answer')} />
          <span>{t(`questionForm.${answer}`)}</span>
        </label>
      ))}
      {textField(
        'feedback-true',
        t('questionForm.feedbackTrueIn', { language: lang }),
        register(`feedbackTrue.${language}`),
        errors.feedbackTrue?.[language] ?? errors.feedbackTrue,
      )}
      {textField(
        'feedback-false',
        t('questionForm.feedbackFalseIn', { language: lang }),
        register(`feedbackFalse.${language}`),
        errors.feedbackFalse?.[language] ?? errors.feedbackFalse,
      )}
    </fieldset>
  );

  const answerErrors = errors.answers as FieldErrors<QuestionFormValues['answers']> | undefined;
  const shortAnswers = list(
    'answers',
    t('questionForm.answers'),
    t('questionForm.answersHint'),
    errors.answers,
    <>
      {answers.fields.map((answer, index) => {
        const number = index + 1;
        const error = answerErrors?.[index];
        return (
          <div key={answer.id} className={styles.fieldset}>
            <div className={styles.fields}>
              {textField(
                `answer-${index}-text`,
                t('questionForm.answerText', { number }),
                register(`answers.${index}.text`),
                error?.text,
                { inLanguage: false },
              )}
              {weightField(
                `answer-${index}-weight`,
                t('questionForm.answerWeight', { number }),
                register(`answers.${index}.weight`, { valueAsNumber: true }),
                error?.weight,
              )}
            </div>
            {textField(
              `answer-${index}-feedback`,
              t('questionForm.answerFeedbackIn', { number, language: lang }),
              register(`answers.${index}.feedback.${language}`),
              error?.feedback?.[language] ?? error?.feedback,
            )}
            <div className={styles.actions}>
              <button
                type="button"
                className={buttons.button}
                disabled={answers.fields.length <= 1}
                onClick={() => answers.remove(index)}
              >
                {t('questionForm.removeAnswer', { number })}
              </button>
            </div>
          </div>
        );
      })}
      <div>
        <button type="button" className={buttons.button} onClick={() => answers.append(emptyAnswer())}>
          {t('questionForm.addAnswer')}
        </button>
      </div>
    </>,
  );

  const itemErrors = errors.items as FieldErrors<QuestionFormValues['items']> | undefined;
  const ordering = list(
    'items',
    t('questionForm.items'),
    t('questionForm.itemsHint'),
    errors.items,
    <>
      {items.fields.map((item, index) => {
        const number = index + 1;
        const error = itemErrors?.[index];
        return (
          <div key={item.id} className={styles.fields}>
            {textField(
              `item-${index}-text`,
              t('questionForm.itemIn', { number, language: lang }),
              register(`items.${index}.texts.${language}`),
              error?.texts?.[language] ?? error?.texts,
            )}
            <div className={styles.itemActions}>
              <button
                type="button"
                className={buttons.button}
                aria-label={t('questionForm.moveItemUp', { number })}
                disabled={index === 0}
                onClick={() => items.move(index, index - 1)}
              >
                ↑
              </button>
              <button
                type="button"
                className={buttons.button}
                aria-label={t('questionForm.moveItemDown', { number })}
                disabled={index === items.fields.length - 1}
                onClick={() => items.move(index, index + 1)}
              >
                ↓
              </button>
              <button
                type="button"
                className={buttons.button}
                disabled={items.fields.length <= 2}
                onClick={() => items.remove(index)}
              >
                {t('questionForm.removeItem', { number })}
              </button>
            </div>
          </div>
        );
      })}
      <div>
        <button type="button" className={buttons.button} onClick={() => items.append(emptyItem())}>
          {t('questionForm.addItem')}
        </button>
      </div>
    </>,
  );

  const answersOfType: Record<QuestionType, ReactNode> = {
    single: choices,
    multiple: choices,
    true_false: trueFalse,
    short_answer: shortAnswers,
    ordering,
  };
  const tagsError = messageOf(errors.tags);
  return (
    <form
      className={styles.form}
      aria-labelledby={id('heading')}
      noValidate
      onSubmit={(event) => void handleSubmit(onValid)(event)}
    >
      <h3 id={id('heading')} ref={heading} tabIndex={-1} className={styles.cardTitle}>
        {question
          ? t('questionForm.editTitle', { text: textIn(question.question.texts, currentLanguage()) })
          : t('questionForm.newTitle')}
      </h3>
      {question && <p className={styles.muted}>{t('questionForm.versionNote', { version: question.version })}</p>}
      <div className={styles.fields}>
        <div className={field.field}>
          <label htmlFor={id('type')} className={field.label}>
            {t('questionForm.type')}
          </label>
          <select
            id={id('type')}
            className={styles.input}
            {...register('type', {
              onChange: (event: ChangeEvent<HTMLSelectElement>) =>
                switchType(values.type, event.target.value as QuestionType),
            })}
          >
            {QUESTION_TYPES.map((code) => (
              <option key={code} value={code}>
                {t(`types.${code}`)}
              </option>
            ))}
          </select>
        </div>
        {textField(
          'tags',
          t('questionForm.tags'),
          register('tags'),
          // the contracts' code names the quiz draw's limit; the question's own is told in its words
          tagsError === 'too_many_tags' ? { message: 'question_tags_too_many' } : errors.tags,
          { inLanguage: false, hint: t('questionForm.tagsHint') },
        )}
      </div>
      <LanguageTabs
        label={t('questionForm.languages')}
        idPrefix={id('tab')}
        panelId={PANEL_ID}
        shown={language}
        statuses={statuses}
        texts={{ status: (status) => t(`lessons.languageStatus.${status}`) }}
        onShow={setLanguage}
      />
      <div id={PANEL_ID} role="tabpanel" aria-labelledby={languageTabId(id('tab'), language)} className={styles.form}>
        {textField(
          'text',
          t('questionForm.textIn', { language: lang }),
          register(`texts.${language}`),
          errors.texts?.[language] ?? errors.texts,
          { multiline: true },
        )}
        {answersOfType[values.type]}
        {textField(
          'feedback',
          t('questionForm.feedbackIn', { language: lang }),
          register(`feedback.${language}`),
          errors.feedback?.[language] ?? errors.feedback,
          { multiline: true, hint: t('questionForm.feedbackHint') },
        )}
      </div>
      <div className={styles.actions}>
        <button type="button" className={buttons.button} onClick={onDone}>
          {t('common.cancel')}
        </button>
        <button type="submit" className={buttons.buttonPrimary} disabled={save.isPending} aria-busy={save.isPending}>
          {t(save.isPending ? 'questionForm.saving' : 'questionForm.save')}
        </button>
      </div>
      <LeaveGuardDialog guard={leaveGuard} namespace={AUTHORING_NAMESPACE} message={t('questionForm.leaveText')} />
    </form>
  );
}
