import { zodResolver } from '@hookform/resolvers/zod';
import { type QuizSettings, quizSettingsSchema } from '@portal/contracts/quizzes';
import { apiErrorKey } from '@portal/web-kit/api-errors';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import field from '@portal/web-kit/styles/field.module.css';
import { type Resolver, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import styles from '../../../components/authoring.module.css';
import { FieldError } from '../../../components/field-error.tsx';
import { QueryError } from '../../../components/page-states.ts';
import { AUTHORING_NAMESPACE } from '../../../lib/authoring-i18n.ts';
import { LoadingState } from '@portal/web-kit/page-states';
import { useQuizSettings, useSaveQuizSettings } from '../api/quiz-settings.ts';

/** The form's values: every draw mode's fields at once, the mode telling which the settings keep. */
interface SettingsValues {
  draw: { mode: 'all' | 'random' | 'per_tag'; count?: number; tags?: { tag: string; count: number }[] };
  passPercent: number;
  attemptsAllowed: number | null;
  waitMinutes: number;
  timeLimitMinutes: number | null;
  shuffle: boolean;
  feedback: QuizSettings['feedback'];
}

const DRAW_MODES = ['all', 'random', 'per_tag'] as const;
const FEEDBACK_MODES = ['score', 'wrong', 'answers'] as const;
/** An empty box is "none" for the limits that may be left open (attempts, time limit). */
const numberOrNull = (value: unknown) => (value === '' || value === null ? null : Number(value));

// The values the form holds are checked by the contracts' schema, whose output is what is saved.
const resolver = zodResolver(quizSettingsSchema) as unknown as Resolver<SettingsValues, unknown, QuizSettings>;

function valuesOf(settings: QuizSettings): SettingsValues {
  const draw = settings.draw;
  return {
    ...settings,
    draw: {
      mode: draw.mode,
      count: draw.mode === 'random' ? draw.count : 10,
      tags: draw.mode === 'per_tag' ? draw.tags : [{ tag: '', count: 1 }],
    },
  };
}

function SettingsForm({
  lessonId,
  settings,
  onDone,
}: {
  lessonId: string;
  settings: QuizSettings;
  onDone: () => void;
}) {
  const { t } = useTranslation(AUTHORING_NAMESPACE);
  const save = useSaveQuizSettings(lessonId);
  const { control, register, handleSubmit, formState } = useForm<SettingsValues, unknown, QuizSettings>({
    defaultValues: valuesOf(settings),
    resolver,
  });
  const tags = useFieldArray({ control, name: 'draw.tags' });
  const mode = useWatch({ control, name: 'draw.mode' });
  const errors = formState.errors;
  const id = (name: string) => `quiz-${lessonId}-${name}`;

  const onValid = async (submitted: QuizSettings) => {
    try {
      await save.mutateAsync(submitted);
      toast.success(t('quiz.saved'));
      onDone();
    } catch (error) {
      toast.error(t(apiErrorKey(error, 'quiz.saveFailed')));
    }
  };

  const numberField = (name: 'passPercent' | 'waitMinutes' | 'attemptsAllowed' | 'timeLimitMinutes', open: boolean) => (
    <div className={field.field}>
      <label htmlFor={id(name)} className={field.label}>
        {t(`quiz.${name}`)}
      </label>
      <input
        id={id(name)}
        type="number"
        inputMode="numeric"
        className={styles.input}
        aria-invalid={errors[name] !== undefined}
        aria-describedby={`${id(name)}-hint ${id(name)}-error`}
        {...register(name, open ? { setValueAs: numberOrNull } : { valueAsNumber: true })}
      />
      <p id={`${id(name)}-hint`} className={styles.muted}>
        {t(`quiz.${name}Hint`)}
      </p>
      <FieldError id={`${id(name)}-error`} code={errors[name]?.message} />
    </div>
  );

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void handleSubmit(onValid)(event)}>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('quiz.draw')}</legend>
        {DRAW_MODES.map((drawMode) => (
          <label key={drawMode} className={styles.checkbox}>
            <input type="radio" value={drawMode} {...register('draw.mode')} />
            <span>{t(`quiz.drawMode.${drawMode}`)}</span>
          </label>
        ))}
        {mode === 'random' && (
          <div className={field.field}>
            <label htmlFor={id('count')} className={field.label}>
              {t('quiz.count')}
            </label>
            <input
              id={id('count')}
              type="number"
              className={styles.input}
              aria-invalid={errors.draw?.count !== undefined}
              aria-describedby={`${id('count')}-error`}
              {...register('draw.count', { valueAsNumber: true })}
            />
            <FieldError id={`${id('count')}-error`} code={errors.draw?.count?.message} />
          </div>
        )}
        {mode === 'per_tag' && (
          <>
            {tags.fields.map((tagField, index) => (
              <div key={tagField.id} className={styles.fields}>
                <div className={field.field}>
                  <label htmlFor={id(`tag-${index}`)} className={field.label}>
                    {t('quiz.tag', { number: index + 1 })}
                  </label>
                  <input
                    id={id(`tag-${index}`)}
                    className={styles.input}
                    aria-invalid={errors.draw?.tags?.[index]?.tag !== undefined}
                    aria-describedby={`${id(`tag-${index}`)}-error`}
                    {...register(`draw.tags.${index}.tag`)}
                  />
                  <FieldError id={`${id(`tag-${index}`)}-error`} code={errors.draw?.tags?.[index]?.tag?.message} />
                </div>
                <div className={field.field}>
                  <label htmlFor={id(`tag-count-${index}`)} className={field.label}>
                    {t('quiz.tagCount', { number: index + 1 })}
                  </label>
                  <input
                    id={id(`tag-count-${index}`)}
                    type="number"
                    className={styles.input}
                    aria-invalid={errors.draw?.tags?.[index]?.count !== undefined}
                    aria-describedby={`${id(`tag-count-${index}`)}-error`}
                    {...register(`draw.tags.${index}.count`, { valueAsNumber: true })}
                  />
                  <FieldError
                    id={`${id(`tag-count-${index}`)}-error`}
                    code={errors.draw?.tags?.[index]?.count?.message}
                  />
                </div>
                <button
                  type="button"
                  className={buttons.button}
                  disabled={tags.fields.length === 1}
                  onClick={() => tags.remove(index)}
                >
                  {t('quiz.removeTag', { number: index + 1 })}
                </button>
              </div>
            ))}
            <button type="button" className={buttons.button} onClick={() => tags.append({ tag: '', count: 1 })}>
              {t('quiz.addTag')}
            </button>
          </>
        )}
      </fieldset>
      <div className={styles.fields}>
        {numberField('passPercent', false)}
        {numberField('attemptsAllowed', true)}
        {numberField('waitMinutes', false)}
        {numberField('timeLimitMinutes', true)}
      </div>
      <label className={styles.checkbox}>
        <input type="checkbox" {...register('shuffle')} />
        <span>{t('quiz.shuffle')}</span>
      </label>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('quiz.feedback')}</legend>
        {FEEDBACK_MODES.map((feedback) => (
          <label key={feedback} className={styles.checkbox}>
            <input type="radio" value={feedback} {...register('feedback')} />
            <span>{t(`quiz.feedbackMode.${feedback}`)}</span>
          </label>
        ))}
      </fieldset>
      <div className={styles.actions}>
        <button type="button" className={buttons.button} onClick={onDone}>
          {t('common.cancel')}
        </button>
        <button type="submit" className={buttons.buttonPrimary} disabled={save.isPending}>
          {t('quiz.save')}
        </button>
      </div>
    </form>
  );
}

/** A quiz lesson's settings: how it draws from the bank, the pass mark, attempts, wait, time limit and feedback. */
export function QuizSettingsForm({ lessonId, onDone }: { lessonId: string; onDone: () => void }) {
  const { t } = useTranslation(AUTHORING_NAMESPACE);
  const query = useQuizSettings(lessonId);
  if (query.isError) return <QueryError query={query} section="quiz" />;
  if (!query.data) return <LoadingState label={t('quiz.loading')} />;
  return <SettingsForm lessonId={lessonId} settings={query.data} onDone={onDone} />;
}
