import type { submittedAttemptSchema } from '@portal/contracts/quizzes';
import { formatPercent } from '@portal/web-kit/format';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod/mini';
import { COURSES_NAMESPACE } from '../../../lib/i18n.ts';
import type { AttemptQuestion } from './question-field.tsx';
import styles from './quiz-player.module.css';

type Feedback = z.infer<typeof submittedAttemptSchema>['feedback'][number];

interface Props {
  questions: AttemptQuestion[];
  result: z.infer<typeof submittedAttemptSchema>;
  passPercent: number;
  /** The attempt was submitted elsewhere (another tab) when this one tried. */
  notice: boolean;
  canTryAgain: boolean;
  onAgain: () => void;
}

/** A submitted attempt's score, and each question's feedback as far as the quiz's feedback mode tells it. */
export function QuizResult({ questions, result, passPercent, notice, canTryAgain, onAgain }: Props) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const byId = new Map(questions.map((question) => [question.id, question]));
  return (
    <div className={styles.player}>
      {notice && (
        <p role="alert" className={styles.notice}>
          {t('quiz.alreadySubmitted')}
        </p>
      )}
      <h4 ref={heading} tabIndex={-1} className={result.passed ? styles.passed : styles.failed}>
        {result.passed ? t('quiz.passed') : t('quiz.failed')}
      </h4>
      <p>
        {t('quiz.score', {
          score: formatPercent(result.scorePercent / 100),
          passMark: formatPercent(passPercent / 100),
        })}
      </p>
      {result.feedback.length > 0 && (
        <ol className={styles.feedback}>
          {result.feedback.map((feedback) => {
            const question = byId.get(feedback.questionId);
            return question ? <QuestionFeedback key={question.id} question={question} feedback={feedback} /> : null;
          })}
        </ol>
      )}
      {canTryAgain && (
        <button type="button" className={buttons.buttonPrimary} onClick={onAgain}>
          {t('quiz.tryAgain')}
        </button>
      )}
    </div>
  );
}

function QuestionFeedback({ question, feedback }: { question: AttemptQuestion; feedback: Feedback }) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const textOf = (id: string) => question.options.find((option) => option.id === id)?.text ?? '';
  const verdict = feedback.correct
    ? t('quiz.right')
    : feedback.scorePercent
      ? t('quiz.partlyRight', { score: formatPercent(feedback.scorePercent / 100) })
      : t('quiz.wrong');
  const right =
    feedback.rightText ?? feedback.rightOptionIds?.map(textOf).join(question.type === 'ordering' ? ' → ' : ', ');
  return (
    <li className={styles.feedbackItem}>
      <p className={styles.questionText}>{question.text}</p>
      <p className={feedback.correct ? styles.right : styles.wrong}>{verdict}</p>
      {right !== undefined && right !== '' && <p>{t('quiz.rightAnswer', { answer: right })}</p>}
      {feedback.feedback?.map((text) => (
        <p key={text} className={styles.muted}>
          {text}
        </p>
      ))}
    </li>
  );
}
