import type { Language } from '@portal/contracts/languages';
import type { Migration } from '@portal/kit/db';
import { eventTablesMigration } from '@portal/kit/events';
import type { ColumnType } from 'kysely';
import { directory } from './migrations/001-directory.ts';
import { coursesAndProgress } from './migrations/002-courses-and-progress.ts';
import { assignments } from './migrations/003-assignments.ts';
import { reminders } from './migrations/004-reminders.ts';
import { courseProgress } from './migrations/005-course-progress.ts';
import { resultMails } from './migrations/006-result-mails.ts';
import { pendingResults } from './migrations/007-pending-results.ts';
import { quizEvidence } from './migrations/008-quiz-evidence.ts';

export interface TrainingDatabase {
  people: {
    user_id: string;
    name: string;
    email: string;
    language: Language;
    status: string;
    is_sys_admin: boolean;
    updated_at: ColumnType<Date, Date | undefined, Date>;
  };
  groups: { group_id: string; name: string };
  group_members: { group_id: string; user_id: string; joined_at: Date };
  courses: {
    course_id: string;
    /** The title in each language the course has. */
    titles: ColumnType<Partial<Record<Language, string>>, string, string>;
    default_language: Language;
    published: boolean;
    completion_proof: string;
  };
  participations: { user_id: string; course_id: string; started_at: Date };
  completions: { user_id: string; course_id: string; completed_at: Date };
  assignments: {
    id: string;
    course_id: string;
    mandatory: boolean;
    due_at: Date | null;
    due_in_days: number | null;
    recur_every_months: number | null;
    created_at: Date;
    created_by: string | null;
  };
  assignment_targets: { assignment_id: string; kind: 'user' | 'group'; target_id: string };
  /** One row per assignment and person it reaches; `direct` and `group_ids` say through what. */
  assigned_people: {
    assignment_id: string;
    user_id: string;
    course_id: string;
    person_name: string;
    mandatory: boolean;
    recur_every_months: number | null;
    assigned_at: Date;
    due_at: Date | null;
    direct: boolean;
    group_ids: string[];
    started_at: Date | null;
    completed_at: Date | null;
  };
  /** Each person's progress in each course, assigned or not. */
  course_progress: {
    user_id: string;
    course_id: string;
    person_name: string;
    started_at: Date | null;
    completed_at: Date | null;
  };
  reminders_sent: {
    assignment_id: string;
    user_id: string;
    kind: ReminderKind;
    cycle_due_at: Date;
    sent_at: Date;
  };
  digests_sent: { user_id: string; day: ColumnType<string, string, string>; sent_at: Date };
  result_mails: {
    result_id: string;
    user_id: string;
    course_id: string;
    decision: 'approved' | 'rejected';
    comment: string | null;
    reviewed_at: Date;
    sent_at: Date | null;
  };
  /** The uploaded results waiting for review. */
  pending_results: { result_id: string; user_id: string; course_id: string; uploaded_at: Date };
  /** The passing attempts a completion by rule rests on, one per completion and quiz lesson. */
  completion_quizzes: {
    user_id: string;
    course_id: string;
    completed_at: Date;
    lesson_id: string;
    attempt_id: string;
    score_percent: number;
    attempts_used: number;
    passed_at: Date;
  };
  /** Who failed their last allowed attempt at a quiz lesson and has not passed it since. */
  attempts_exhausted: {
    user_id: string;
    lesson_id: string;
    course_id: string;
    attempt_id: string;
    score_percent: number;
    attempts_used: number;
    exhausted_at: Date;
  };
}

export type ReminderKind = 'assigned' | 'due-soon' | 'overdue' | 'due-again';

/** In the order they are applied; each in its own file under migrations/, its id never changed once released. */
export const migrations: Migration[] = [
  eventTablesMigration,
  directory,
  coursesAndProgress,
  assignments,
  reminders,
  courseProgress,
  resultMails,
  pendingResults,
  quizEvidence,
];
