import type { Question } from '@portal/contracts/quizzes';
import { apiErrorKey } from '@portal/web-kit/api-errors';
import { DeletionDialog, useDeletion } from '@portal/web-kit/deletion';
import { currentLanguage } from '@portal/web-kit/i18n';
import { LoadingState } from '@portal/web-kit/page-states';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import styles from '../../../components/authoring.module.css';
import { QueryError } from '../../../components/page-states.ts';
import { AUTHORING_NAMESPACE } from '../../../lib/authoring-i18n.ts';
import { giftExportHref, useDeleteQuestion, useQuestions } from '../api/questions.ts';
import { textIn } from '../lib/question-text.ts';
import { QuestionForm } from './question-form.tsx';
import { QuestionImport } from './question-import.tsx';

type Editing = { question: Question | null } | null;
const NEW = 'new';

/**
 * A course's question bank: its questions with type and tags, each written by hand in the question form (opened in
 * place, the focus back on its button when it closes) or deleted after the question; import and export.
 */
export function QuestionBank({ courseId }: { courseId: string }) {
  const { t } = useTranslation(AUTHORING_NAMESPACE);
  const questions = useQuestions(courseId);
  const remove = useDeleteQuestion(courseId);
  const language = currentLanguage();
  const [editing, setEditing] = useState<Editing>(null);
  /** The button that opened the form, given the focus back once the form has closed. */
  const opener = useRef<string | null>(null);
  const openers = useRef(new Map<string, HTMLButtonElement>());
  useEffect(() => {
    if (editing !== null || opener.current === null) return;
    openers.current.get(opener.current)?.focus();
    opener.current = null;
  }, [editing]);
  const open = (question: Question | null) => {
    opener.current = question?.id ?? NEW;
    setEditing({ question });
  };
  const close = () => setEditing(null);
  const deletion = useDeletion(async (question: Question) => {
    try {
      await remove.mutateAsync(question.id);
      toast.success(t('questions.deleted'));
    } catch (error) {
      toast.error(t(apiErrorKey(error, 'questions.deleteFailed')));
    }
  });

  return (
    <>
      <div className={styles.card}>
        <h2 className={styles.cardTitle}>{t('questions.list')}</h2>
        {questions.isError ? (
          <QueryError query={questions} section="questions" />
        ) : !questions.data ? (
          <LoadingState label={t('questions.loading')} />
        ) : questions.data.length === 0 ? (
          <p className={styles.muted}>{t('questions.empty')}</p>
        ) : (
          <ul className={styles.list}>
            {questions.data.map((question) => (
              <li key={question.id} className={styles.item}>
                <div className={styles.itemMain}>
                  <span className={styles.itemTitle}>{textIn(question.question.texts, language)}</span>
                  <span className={styles.muted}>
                    {t('questions.typeAndVersion', {
                      type: t(`types.${question.question.type}`),
                      version: question.version,
                    })}
                  </span>
                  {(question.question.tags ?? []).length > 0 && (
                    <span className={styles.tags} aria-label={t('questions.tags')}>
                      {(question.question.tags ?? []).map((tag) => (
                        <span key={tag} className={styles.tag}>
                          {tag}
                        </span>
                      ))}
                    </span>
                  )}
                </div>
                <div className={styles.itemActions}>
                  <button
                    ref={(element) => {
                      if (element) openers.current.set(question.id, element);
                      else openers.current.delete(question.id);
                    }}
                    type="button"
                    className={buttons.button}
                    aria-label={t('questions.edit', { text: textIn(question.question.texts, language) })}
                    aria-expanded={editing?.question?.id === question.id}
                    onClick={() => open(question)}
                  >
                    {t('common.edit')}
                  </button>
                  <button
                    type="button"
                    className={buttons.buttonDanger}
                    aria-label={t('questions.delete', { text: textIn(question.question.texts, language) })}
                    onClick={() => deletion.ask(question)}
                  >
                    {t('common.delete')}
                  </button>
                </div>
                {editing?.question?.id === question.id && (
                  <QuestionForm key={question.id} courseId={courseId} question={question} onDone={close} />
                )}
              </li>
            ))}
          </ul>
        )}
        {editing?.question === null ? (
          <QuestionForm courseId={courseId} question={null} onDone={close} />
        ) : (
          <div className={styles.actions}>
            <button
              ref={(element) => {
                if (element) openers.current.set(NEW, element);
                else openers.current.delete(NEW);
              }}
              type="button"
              className={buttons.buttonPrimary}
              onClick={() => open(null)}
            >
              {t('questions.new')}
            </button>
          </div>
        )}
        <div className={styles.links}>
          <a href={giftExportHref(courseId)} download>
            {t('questions.export')}
          </a>
        </div>
      </div>
      <div className={styles.card}>
        <h2 className={styles.cardTitle}>{t('import.title')}</h2>
        <QuestionImport courseId={courseId} />
      </div>
      <DeletionDialog
        namespace={AUTHORING_NAMESPACE}
        deletion={deletion}
        texts="questions.deletion"
        values={(question) => ({ text: textIn(question.question.texts, language) })}
      />
    </>
  );
}
