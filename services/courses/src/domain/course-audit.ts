import { createHash } from 'node:crypto';
import type { AuditRecord } from '@portal/contracts/audit';
import type { AuditContext, AuditDraft } from '@portal/kit/audit';
import {
  COURSE_FIELDS,
  type CourseWrite,
  type EditableCourse,
  languagesOf,
} from '../data-access/courses-repository.ts';

/** A long text in the audit trail: its hash, not its content (issue 31). */
export const digest = (text: string | undefined) =>
  text === undefined ? null : `sha256:${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;

/** The fields an update changed, before and after (descriptions as hashes). */
export function courseChanges(before: EditableCourse, after: CourseWrite): NonNullable<AuditRecord['changes']> {
  const changes: NonNullable<AuditRecord['changes']> = {};
  const compare = (field: string, was: unknown, now: unknown) => {
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[field] = { before: was, after: now };
  };
  for (const field of COURSE_FIELDS) compare(field, before[field], after[field]);
  compare('defaultLanguage', before.defaultLanguage, after.defaultLanguage);
  compare('categoryIds', [...before.categoryIds].sort(), [...after.categoryIds].sort());
  for (const language of languagesOf({ ...before.texts, ...after.texts })) {
    const was = before.texts[language];
    const now = after.texts[language];
    compare(`title.${language}`, was?.title ?? null, now?.title ?? null);
    compare(`description.${language}`, digest(was?.descriptionHtml), digest(now?.descriptionHtml));
  }
  return changes;
}

export const audited = (
  context: AuditContext,
  action: string,
  object: { type: 'course' | 'course-result' | 'lesson'; id: string; label?: string | undefined },
  extra: Pick<AuditDraft, 'changes' | 'details'> = {},
): AuditDraft => ({
  ...context,
  action,
  object: { type: object.type, id: object.id, ...(object.label === undefined ? {} : { label: object.label }) },
  outcome: 'success',
  ...extra,
});

export const defaultTitle = (course: CourseWrite) => course.texts[course.defaultLanguage]?.title;
