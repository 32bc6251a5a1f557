import { courseFormSchema } from '@portal/contracts/courses';
import { useEffect, useRef } from 'react';
import type { FormValues } from './form-values.ts';

const KEY_PREFIX = 'portal.editor.draft.';

/** What is kept of a form: its values and the version of the course they were written on (edit). */
interface Draft {
  values: FormValues;
  updatedAt: string | null;
}

const fieldSchemas: Readonly<Record<string, { safeParse: (value: unknown) => { success: boolean } }>> =
  courseFormSchema.shape;

/**
 * A draft as stored by this hook, or null for anything else found under its key. A field the draft lacks or holds
 * in a form the schema refuses (a draft kept before the field existed) takes the form's own value.
 */
function parseDraft(stored: string | null, fallback: FormValues): Draft | null {
  if (!stored) return null;
  try {
    const { values, updatedAt } = JSON.parse(stored) as { values?: Record<string, unknown>; updatedAt?: unknown };
    if (!values || !(updatedAt === null || typeof updatedAt === 'string')) return null;
    if (!fieldSchemas.texts?.safeParse(values.texts).success) return null;
    const fields = Object.entries(fallback).map(([key, value]) => [
      key,
      fieldSchemas[key]?.safeParse(values[key]).success ? values[key] : value,
    ]);
    return { values: Object.fromEntries(fields) as FormValues, updatedAt };
  } catch {
    return null;
  }
}

/**
 * Keeps the form's values in this browser while they differ from what is saved, per course (or one new course),
 * and brings them back when the form opens again: a session that ended, a reload or a closed tab loses nothing.
 * Cleared once the form is saved. `updatedAt` travels with the draft, so that saving a draft written on an older
 * version of the course meets the conflict panel instead of overwriting someone else's changes.
 */
export function useDraft(
  courseId: string | null,
  current: Draft,
  dirty: boolean,
  restore: (draft: Draft) => void,
): void {
  const key = `${KEY_PREFIX}${courseId ?? 'new'}`;
  const restoreOnce = useRef(restore);
  const fallback = useRef(current.values);

  useEffect(() => {
    const draft = parseDraft(localStorage.getItem(key), fallback.current);
    if (draft) restoreOnce.current(draft);
  }, [key]);

  const kept = JSON.stringify(current);
  useEffect(() => {
    if (dirty) localStorage.setItem(key, kept);
    else localStorage.removeItem(key);
  }, [key, kept, dirty]);
}
