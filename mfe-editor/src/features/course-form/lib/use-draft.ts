import { COMPLETION_PROOFS } from '@portal/contracts/courses';
import { isLanguage, LANGUAGES } from '@portal/contracts/languages';
import { useEffect, useRef } from 'react';
import type { FormValues, LanguageText } from './form-state.ts';

const KEY_PREFIX = 'portal.editor.draft.';

/** What is kept of a form: its values and the version of the course they were written on (edit). */
interface Draft {
  values: FormValues;
  updatedAt: string | null;
}

const isString = (value: unknown): value is string => typeof value === 'string';

function isLanguageText(value: unknown): value is LanguageText {
  if (typeof value !== 'object' || value === null) return false;
  const text = value as Record<string, unknown>;
  return [text.title, text.shortDescription, text.description, text.descriptionText].every(isString);
}

/** A draft as stored by this hook, or null for anything else found under its key. */
function parseDraft(stored: string | null): Draft | null {
  if (!stored) return null;
  try {
    const { values, updatedAt } = JSON.parse(stored) as { values?: Partial<FormValues>; updatedAt?: unknown };
    if (!values || !(updatedAt === null || isString(updatedAt))) return null;
    const texts: unknown = values.texts;
    const textsValid =
      typeof texts === 'object' &&
      texts !== null &&
      LANGUAGES.every((language) => isLanguageText((texts as Record<string, unknown>)[language]));
    const valid =
      textsValid &&
      isLanguage(values.defaultLanguage) &&
      typeof values.isPublished === 'boolean' &&
      Array.isArray(values.categoryIds) &&
      values.categoryIds.every(isString) &&
      (values.completionProof === undefined || COMPLETION_PROOFS.includes(values.completionProof));
    // Drafts kept before courses had a way of proving completion take the default one.
    return valid
      ? { values: { ...(values as FormValues), completionProof: values.completionProof ?? 'confirmation' }, updatedAt }
      : null;
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

  useEffect(() => {
    const draft = parseDraft(localStorage.getItem(key));
    if (draft) restoreOnce.current(draft);
  }, [key]);

  const { values, updatedAt } = current;
  useEffect(() => {
    if (dirty) localStorage.setItem(key, JSON.stringify({ values, updatedAt }));
    else localStorage.removeItem(key);
  }, [key, values, updatedAt, dirty]);
}
