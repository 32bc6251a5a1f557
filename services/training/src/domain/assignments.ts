import { randomUUID } from 'node:crypto';
import type { Language } from '@portal/contracts/languages';
import type { Assignment, AssignmentRequest, MyAssignment } from '@portal/contracts/training';
import { type AuditContext, recordAudit } from '@portal/kit/audit';
import type { Database } from '@portal/kit/db';
import { AppError, notFound } from '@portal/kit/errors';
import { assignmentsRepository, type StoredAssignment } from '../data-access/assignments-repository.ts';
import type { TrainingDatabase } from '../data-access/schema.ts';
import { endOfDayIn } from './time-zone.ts';

export const SERVICE = 'training';

export interface AssignmentsDeps {
  database: Database<TrainingDatabase>;
  /** The time statuses and due dates are reckoned from (a fake clock in tests). */
  now: () => Date;
  /** Where a due day ends (REMINDER_TIME_ZONE). */
  timeZone: string;
}

const iso = (date: Date | null) => (date === null ? null : new Date(date).toISOString());

function publicAssignment(stored: StoredAssignment): Assignment {
  return { ...stored, dueAt: iso(stored.dueAt), createdAt: new Date(stored.createdAt).toISOString() };
}

/** Assigning courses to people and groups, and what each person has to do. */
export function assignments({ database, now, timeZone }: AssignmentsDeps) {
  const repository = assignmentsRepository(database.db);
  return {
    /** The course and everyone named must be known here (from the other services' events), else 422. */
    async create(request: AssignmentRequest, audit: AuditContext, language: Language): Promise<Assignment> {
      const userIds = [...new Set(request.userIds ?? [])];
      const groupIds = [...new Set(request.groupIds ?? [])];
      const course = await repository.course(request.courseId, language);
      if (course === undefined) throw new AppError(422, 'course_unknown', 'No such course');
      // Its people could not see a draft, yet the figures would count them (decision 0062).
      if (!course.published) throw new AppError(422, 'course_draft', 'A draft cannot be assigned: publish it first');
      const courseTitle = course.title;
      const unknown = await repository.unknownTargets(userIds, groupIds);
      if (unknown.userIds.length > 0 || unknown.groupIds.length > 0) {
        throw new AppError(422, 'assignees_unknown', 'Some people or groups are not known', {
          issues: [
            ...unknown.userIds.map((id) => ({ path: `userIds.${userIds.indexOf(id)}`, code: 'unknown' })),
            ...unknown.groupIds.map((id) => ({ path: `groupIds.${groupIds.indexOf(id)}`, code: 'unknown' })),
          ],
        });
      }
      const assignment = {
        id: randomUUID(),
        courseId: request.courseId,
        userIds,
        groupIds,
        mandatory: request.mandatory,
        dueAt:
          request.dueOn !== undefined
            ? endOfDayIn(request.dueOn, timeZone)
            : request.dueAt !== undefined
              ? new Date(request.dueAt)
              : null,
        dueInDays: request.dueInDays ?? null,
        recurEveryMonths: request.recurEveryMonths ?? null,
        createdAt: now(),
        createdBy: audit.actor.id,
      };
      await database.db.transaction().execute(async (trx) => {
        await assignmentsRepository(trx).create(assignment);
        await recordAudit(trx, SERVICE, {
          ...audit,
          action: 'assignment.created',
          object: { type: 'assignment', id: assignment.id, label: courseTitle.slice(0, 300) },
          outcome: 'success',
          details: {
            courseId: assignment.courseId,
            users: userIds.length,
            groups: groupIds.length,
            mandatory: assignment.mandatory,
            dueAt: iso(assignment.dueAt),
            dueInDays: assignment.dueInDays,
            recurEveryMonths: assignment.recurEveryMonths,
          },
        });
      });
      return publicAssignment({ ...assignment, courseTitle });
    },

    async list(courseId: string | undefined, language: Language): Promise<Assignment[]> {
      return (await repository.list(courseId, language)).map(publicAssignment);
    },

    async delete(id: string, audit: AuditContext) {
      await database.db.transaction().execute(async (trx) => {
        const found = await assignmentsRepository(trx).find(id);
        if (!found) throw notFound('No such assignment');
        await assignmentsRepository(trx).delete(id);
        await recordAudit(trx, SERVICE, {
          ...audit,
          action: 'assignment.deleted',
          object: { type: 'assignment', id },
          outcome: 'success',
          details: { courseId: found.course_id },
        });
      });
    },

    async mine(userId: string, language: Language): Promise<MyAssignment[]> {
      const rows = await repository.mine(userId, language, now());
      return rows.map((row) => ({
        courseId: row.course_id,
        courseTitle: row.course_title,
        mandatory: row.mandatory,
        dueAt: iso(row.due_at),
        status: row.status,
        completedAt: iso(row.completed_at),
      }));
    },
  };
}
export type Assignments = ReturnType<typeof assignments>;
