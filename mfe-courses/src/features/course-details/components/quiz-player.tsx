import { ApiError } from '@portal/contracts/errors';
import type { attemptSchema, QuizSettings, submittedAttemptSchema } from '@portal/contracts/quizzes';
import { apiErrorKey } from '@portal/web-kit/api-errors';
import { ConfirmDialog } from '@portal/web-kit/confirm-dialog';
import { formatDate, formatPercent, formatTime } from '@portal/web-kit/format';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod/mini';
import { COURSES_NAMESPACE } from '../../../lib/i18n.ts';
import { queryKeys } from '../../../lib/queries.tsx';
import { useAttempt, useMyAttempts, useQuizSettings, useStartAttempt, useSubmitAttempt } from '../api/quiz.ts';
import { type SaveState, useAttemptAnswers } from '../lib/use-attempt-answers.ts';
import { QuestionField } from './question-field.tsx';
import { QuizResult } from './quiz-result.tsx';
import styles from './quiz-player.module.css';

type Attempt = z.infer<typeof attemptSchema>;
type Submitted = z.infer<typeof submittedAttemptSchema>;

const START_FAILURES = { attempts_exhausted: 'quiz.exhausted' };

/** "14:35" today, "3 Dec 2026 14:35" another day: when the learner may try again. */
function whenText(at: Date): string {
  const time = formatTime(at);
  return at.toDateString() === new Date().toDateString() ? time : `${formatDate(at.toISOString())} ${time}`;
}

/** When a `wait_until` refusal says the next attempt may start (its Retry-After). */
function retryAt(error: unknown): Date | undefined {
  if (!(error instanceof ApiError) || error.code !== 'wait_until') return undefined;
  return new Date(Date.now() + (error.retryAfterSeconds ?? 0) * 1000);
}

/**
 * A quiz lesson for the learner: its settings and Start, the open attempt (resumed on reload), its questions saved as
 * they are answered, a countdown when timed, Submit, and the result as the quiz's feedback mode allows.
 */
export function QuizPlayer({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const settings = useQuizSettings(lessonId);
  const mine = useMyAttempts(lessonId);
  // undefined: the open attempt if there is one; null: the quiz's start; an id: that attempt.
  const [chosen, setChosen] = useState<string | null>();
  const openId = mine.data?.attempts.findLast((attempt) => attempt.submittedAt === null)?.id;
  // The open attempt stays shown when another tab submits it: this one learns so when it saves or submits.
  if (chosen === undefined && openId !== undefined) setChosen(openId);
  const attemptId = chosen === undefined ? openId : (chosen ?? undefined);
  const attempt = useAttempt(attemptId);

  if (settings.isError || mine.isError || attempt.isError)
    return <p role="alert">{t(apiErrorKey(settings.error ?? mine.error ?? attempt.error, 'quiz.loadFailed'))}</p>;
  if (!settings.data || !mine.data || (attemptId !== undefined && !attempt.data))
    return <p className={styles.muted}>{t('quiz.loading')}</p>;
  if (attempt.data) {
    return (
      <AttemptView
        key={attempt.data.id}
        courseId={courseId}
        attempt={attempt.data}
        settings={settings.data}
        attemptsLeft={mine.data.attemptsLeft}
        onAgain={() => setChosen(null)}
      />
    );
  }
  return <QuizStart lessonId={lessonId} settings={settings.data} mine={mine.data} onStarted={(id) => setChosen(id)} />;
}

function QuizStart({
  lessonId,
  settings,
  mine,
  onStarted,
}: {
  lessonId: string;
  settings: QuizSettings;
  mine: NonNullable<ReturnType<typeof useMyAttempts>['data']>;
  onStarted: (attemptId: string) => void;
}) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const start = useStartAttempt(lessonId);
  const { draw } = settings;
  const questionCount =
    draw.mode === 'random'
      ? draw.count
      : draw.mode === 'per_tag'
        ? draw.tags.reduce((sum, tag) => sum + tag.count, 0)
        : null;
  const passed = mine.attempts.filter((attempt) => attempt.passed === true);
  const best = Math.max(...mine.attempts.map((attempt) => attempt.scorePercent ?? 0));
  const waitUntil = retryAt(start.error) ?? (mine.nextAttemptAt ? new Date(mine.nextAttemptAt) : undefined);
  const exhausted =
    mine.attemptsLeft === 0 || (start.error instanceof ApiError && start.error.code === 'attempts_exhausted');
  return (
    <div className={styles.player}>
      <dl className={styles.settings}>
        {questionCount !== null && (
          <div>
            <dt>{t('quiz.questions')}</dt>
            <dd>{questionCount}</dd>
          </div>
        )}
        <div>
          <dt>{t('quiz.passMark')}</dt>
          <dd>{formatPercent(settings.passPercent / 100)}</dd>
        </div>
        <div>
          <dt>{t('quiz.attemptsLeft')}</dt>
          <dd>
            {mine.attemptsLeft === null
              ? t('quiz.unlimited')
              : t('quiz.attemptsLeftOf', { left: mine.attemptsLeft, allowed: settings.attemptsAllowed })}
          </dd>
        </div>
        <div>
          <dt>{t('quiz.timeLimit')}</dt>
          <dd>
            {settings.timeLimitMinutes === null
              ? t('quiz.noTimeLimit')
              : t('quiz.minutes', { count: settings.timeLimitMinutes })}
          </dd>
        </div>
        {settings.waitMinutes > 0 && (
          <div>
            <dt>{t('quiz.wait')}</dt>
            <dd>{t('quiz.minutes', { count: settings.waitMinutes })}</dd>
          </div>
        )}
      </dl>
      {mine.attempts.length > 0 && (
        <p>
          {passed.length > 0
            ? t('quiz.passedBefore', { score: formatPercent(best / 100) })
            : t('quiz.bestScore', { score: formatPercent(best / 100), count: mine.attempts.length })}
        </p>
      )}
      {exhausted ? (
        <p role="alert" className={styles.notice}>
          {t('quiz.exhausted')}
        </p>
      ) : (
        <>
          {waitUntil && (
            <p role="alert" className={styles.notice}>
              {t('quiz.waitUntil', { time: whenText(waitUntil) })}
            </p>
          )}
          {start.isError && !retryAt(start.error) && (
            <p role="alert" className={styles.notice}>
              {t(apiErrorKey(start.error, 'quiz.startFailed', START_FAILURES))}
            </p>
          )}
          <button
            type="button"
            className={buttons.buttonPrimary}
            disabled={start.isPending}
            aria-busy={start.isPending}
            onClick={() => start.mutate(undefined, { onSuccess: (started) => onStarted(started.id) })}
          >
            {mine.attempts.length > 0 ? t('quiz.startAgain') : t('quiz.start')}
          </button>
        </>
      )}
    </div>
  );
}

function AttemptView({
  courseId,
  attempt,
  settings,
  attemptsLeft,
  onAgain,
}: {
  courseId: string;
  attempt: Attempt;
  settings: QuizSettings;
  attemptsLeft: number | null;
  onAgain: () => void;
}) {
  const client = useQueryClient();
  const [staleNotice, setStaleNotice] = useState(false);
  const showSubmitted = useCallback(
    (submitted: Submitted) =>
      client.setQueriesData<Attempt>({ queryKey: queryKeys.attempt(attempt.id) }, (cached) =>
        cached ? { ...cached, ...submitted, submittedAt: new Date().toISOString() } : cached,
      ),
    [client, attempt.id],
  );
  const onClosed = useCallback(() => {
    setStaleNotice(true);
    void client.invalidateQueries({ queryKey: queryKeys.attempt(attempt.id) });
    void client.invalidateQueries({ queryKey: queryKeys.myAttempts(attempt.lessonId) });
  }, [client, attempt.id, attempt.lessonId]);

  if (attempt.submittedAt !== null && attempt.scorePercent !== null && attempt.passed !== null) {
    return (
      <QuizResult
        questions={attempt.questions}
        result={{ scorePercent: attempt.scorePercent, passed: attempt.passed, feedback: attempt.feedback ?? [] }}
        passPercent={settings.passPercent}
        notice={staleNotice}
        canTryAgain={!attempt.passed && attemptsLeft !== 0}
        onAgain={onAgain}
      />
    );
  }
  return <AttemptForm courseId={courseId} attempt={attempt} onSubmitted={showSubmitted} onClosed={onClosed} />;
}

function AttemptForm({
  courseId,
  attempt,
  onSubmitted,
  onClosed,
}: {
  courseId: string;
  attempt: Attempt;
  onSubmitted: (submitted: Submitted) => void;
  onClosed: () => void;
}) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const { answers, answer, state, flush } = useAttemptAnswers(attempt.id, attempt.answers, onClosed);
  const submit = useSubmitAttempt(attempt.lessonId, courseId);
  const [confirming, setConfirming] = useState(false);
  const total = attempt.questions.length;
  const answered = attempt.questions.filter((question) => answers[question.id] !== undefined).length;

  const submitNow = useCallback(async () => {
    await flush();
    submit.mutate(attempt.id, {
      onSuccess: onSubmitted,
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'attempt_closed') onClosed();
        else console.error(`Could not submit the attempt ${attempt.id}`, error);
      },
      onSettled: () => setConfirming(false),
    });
  }, [flush, submit, attempt.id, onSubmitted, onClosed]);

  return (
    <form
      className={styles.player}
      onSubmit={(event) => {
        event.preventDefault();
        setConfirming(true);
      }}
    >
      <div className={styles.status}>
        {attempt.endsAt && <Countdown endsAt={attempt.endsAt} onEnd={() => void submitNow()} />}
        <SaveStatus state={state} onRetry={() => void flush()} />
      </div>
      {attempt.questions.map((question, index) => (
        <QuestionField
          key={question.id}
          question={question}
          position={index + 1}
          total={total}
          answer={answers[question.id]}
          onAnswer={answer}
          disabled={submit.isPending || state === 'closed'}
        />
      ))}
      {submit.isError && !(submit.error instanceof ApiError && submit.error.code === 'attempt_closed') && (
        <p role="alert" className={styles.notice}>
          {t(apiErrorKey(submit.error, 'quiz.submitFailed'))}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={buttons.buttonPrimary} disabled={submit.isPending || state === 'closed'}>
          {t('quiz.submit')}
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('quiz.confirmTitle')}
          message={t('quiz.confirmMessage', { answered, total })}
          confirmLabel={t('quiz.submit')}
          busyLabel={t('quiz.submitting')}
          cancelLabel={t('quiz.keepAnswering')}
          tone="primary"
          busy={submit.isPending}
          onConfirm={() => void submitNow()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </form>
  );
}

/** The time left until the server's end of the attempt, each second; at the end the attempt is handed in. */
function Countdown({ endsAt, onEnd }: { endsAt: string; onEnd: () => void }) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const end = new Date(endsAt).getTime();
  const [now, setNow] = useState(() => Date.now());
  const ended = useRef(false);
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);
  const left = Math.max(0, Math.ceil((end - now) / 1000));
  useEffect(() => {
    if (left > 0 || ended.current) return;
    ended.current = true;
    onEnd();
  }, [left, onEnd]);
  const minutes = Math.floor(left / 60);
  const seconds = String(left % 60).padStart(2, '0');
  return (
    <p className={left <= 60 ? styles.timeShort : styles.time} role="timer">
      {t('quiz.timeLeft', { time: `${minutes}:${seconds}` })}
    </p>
  );
}

const SAVE_TEXTS: Record<SaveState, string> = {
  saved: 'quiz.saved',
  saving: 'quiz.saving',
  unsaved: 'quiz.unsaved',
  failed: 'quiz.saveFailed',
  closed: 'quiz.closed',
};

/** Whether the answers are with the server, told to screen readers as it changes. */
function SaveStatus({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  return (
    <div className={styles.saveState}>
      <p role="status" className={state === 'failed' || state === 'closed' ? styles.saveFailed : styles.muted}>
        {t(SAVE_TEXTS[state])}
      </p>
      {state === 'failed' && (
        <button type="button" className={buttons.button} onClick={onRetry}>
          {t('quiz.saveNow')}
        </button>
      )}
    </div>
  );
}
