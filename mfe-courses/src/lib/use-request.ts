import { startTransition, useCallback, useEffect, useState } from 'react';

export type RequestState<T> =
  { status: 'loading'; previous: T | undefined } | { status: 'error'; error: unknown } | { status: 'success'; data: T };

interface Outcome<T> {
  load: (signal: AbortSignal) => Promise<T>;
  attempt: number;
  result: { ok: true; data: T } | { ok: false; error: unknown };
}

/**
 * Runs `load` (memoized by the caller: a new function is a new request) and answers its state. A newer
 * request aborts the older one; `reload` asks again; `update` changes the loaded data after a mutation the
 * server agreed to. While a request is on its way, the data of the last one stays available as `previous`.
 * What arrives is drawn in a transition: React builds a page of cards or a course in slices of a few
 * milliseconds instead of one task that blocks input (an update outside a transition is drawn in one go).
 */
export function useRequest<T>(load: (signal: AbortSignal) => Promise<T>) {
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome<T> | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted)
          startTransition(() => setOutcome({ load, attempt, result: { ok: true, data } }));
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          startTransition(() => setOutcome({ load, attempt, result: { ok: false, error } }));
      },
    );
    return () => controller.abort();
  }, [load, attempt]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const update = useCallback(
    (change: (data: T) => T) =>
      setOutcome((current) =>
        current?.result.ok ? { ...current, result: { ok: true, data: change(current.result.data) } } : current,
      ),
    [],
  );

  let state: RequestState<T>;
  if (!outcome || outcome.load !== load || outcome.attempt !== attempt) {
    state = { status: 'loading', previous: outcome?.result.ok ? outcome.result.data : undefined };
  } else if (outcome.result.ok) {
    state = { status: 'success', data: outcome.result.data };
  } else {
    state = { status: 'error', error: outcome.result.error };
  }
  return { state, reload, update };
}
