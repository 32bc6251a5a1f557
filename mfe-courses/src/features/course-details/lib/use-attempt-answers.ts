import { ApiError } from '@portal/contracts/errors';
import { type AttemptAnswer, attemptAnswerSchema } from '@portal/contracts/quizzes';
import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod/mini';
import { saveAnswers } from '../api/quiz.ts';

/** Answers are sent this long after the last change: typing a word is one save, not one a letter. */
const SAVE_DELAY_MS = 800;
/** A failed save is tried again this long after. */
const RETRY_DELAY_MS = 5000;

export type SaveState = 'saved' | 'saving' | 'unsaved' | 'failed' | 'closed';
type Answers = Record<string, AttemptAnswer>;

const storedSchema = z.record(z.string(), attemptAnswerSchema);
const storageKey = (attemptId: string) => `quiz-answers:${attemptId}`;

/** The answers this tab has not had saved yet (kept across a reload and a sign-in again, gone with the tab). */
function unsentOf(attemptId: string): Answers {
  try {
    const parsed = storedSchema.safeParse(JSON.parse(sessionStorage.getItem(storageKey(attemptId)) ?? '{}'));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

function keepUnsent(attemptId: string, unsent: Answers) {
  if (Object.keys(unsent).length === 0) sessionStorage.removeItem(storageKey(attemptId));
  else sessionStorage.setItem(storageKey(attemptId), JSON.stringify(unsent));
}

/**
 * An open attempt's answers, saved as they are given: each change is kept in sessionStorage until the server has
 * it, sent after a short pause, on leaving, and again after a failure. `onClosed`: the server refused because the
 * attempt is submitted (another tab) or out of time.
 */
export function useAttemptAnswers(attemptId: string, saved: readonly AttemptAnswer[], onClosed: () => void) {
  const [answers, setAnswers] = useState<Answers>(() => ({
    ...Object.fromEntries(saved.map((answer) => [answer.questionId, answer])),
    ...unsentOf(attemptId),
  }));
  const unsent = useRef<Answers>(unsentOf(attemptId));
  const [state, setState] = useState<SaveState>(() =>
    Object.keys(unsentOf(attemptId)).length > 0 ? 'unsaved' : 'saved',
  );
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inFlight = useRef<Promise<boolean>>(undefined);
  const closed = useRef(false);
  const onClosedRef = useRef(onClosed);
  const retry = useRef<() => void>(undefined);
  useEffect(() => {
    onClosedRef.current = onClosed;
  }, [onClosed]);

  const send = useCallback(async (): Promise<boolean> => {
    const batch = unsent.current;
    if (Object.keys(batch).length === 0 || closed.current) return !closed.current;
    setState('saving');
    try {
      await saveAnswers(attemptId, Object.values(batch));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'attempt_closed') {
        closed.current = true;
        unsent.current = {};
        keepUnsent(attemptId, {});
        setState('closed');
        onClosedRef.current();
        return false;
      }
      console.error(`Could not save the answers of the attempt ${attemptId}`, error);
      setState('failed');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => retry.current?.(), RETRY_DELAY_MS);
      return false;
    }
    // Answers changed while this save was on its way stay unsent.
    unsent.current = Object.fromEntries(
      Object.entries(unsent.current).filter(([questionId, answer]) => batch[questionId] !== answer),
    );
    keepUnsent(attemptId, unsent.current);
    setState(Object.keys(unsent.current).length === 0 ? 'saved' : 'unsaved');
    return true;
  }, [attemptId]);

  /** Sends what is unsent now (after the save on its way, if one is); true once the server has everything. */
  const flush = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current);
    if (inFlight.current) await inFlight.current;
    const sending = send();
    inFlight.current = sending;
    const sent = await sending;
    inFlight.current = undefined;
    return sent && Object.keys(unsent.current).length === 0;
  }, [send]);

  const answer = useCallback(
    (given: AttemptAnswer) => {
      if (closed.current) return;
      setAnswers((current) => ({ ...current, [given.questionId]: given }));
      unsent.current = { ...unsent.current, [given.questionId]: given };
      keepUnsent(attemptId, unsent.current);
      setState('unsaved');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
    },
    [attemptId, flush],
  );

  useEffect(() => {
    retry.current = () => void flush();
    // What an earlier visit left unsent (the tab reloaded, or the session ended) goes now.
    if (Object.keys(unsent.current).length > 0) void flush();
    const onLeave = () => void flush();
    window.addEventListener('pagehide', onLeave);
    return () => {
      window.removeEventListener('pagehide', onLeave);
      void flush();
    };
  }, [flush]);

  return { answers, answer, state, flush };
}
