import type { QuestionInput, QuizSettings } from '@portal/contracts/quizzes';
import type { QUIZ_GRANT_KINDS } from '@portal/contracts/quiz-report';
import type { Migration } from '@portal/kit/db';
import { eventTablesMigration } from '@portal/kit/events';
import type { ColumnType, Generated } from 'kysely';
import { quizzes } from './migrations/001-quizzes.ts';
import { quizGrants } from './migrations/002-quiz-grants.ts';
import { people } from './migrations/003-people.ts';

/** What an attempt showed of one question: its pinned version and the order of its options. */
export interface ShownQuestion {
  questionId: string;
  version: number;
  optionIds: string[];
}

/** Saved answers by question id. */
export type SavedAnswers = Record<string, { optionIds?: string[]; text?: string; order?: string[] }>;

type QuizGrantKind = (typeof QUIZ_GRANT_KINDS)[number];

type Json<T> = ColumnType<T, string, string>;

export interface QuizzesDatabase {
  courses: { course_id: string; published: boolean };
  quiz_lessons: { lesson_id: string; course_id: string; settings: Json<QuizSettings> };
  questions: {
    question_id: string;
    course_id: string;
    version: number;
    type: string;
    tags: string[];
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
    deleted: Generated<boolean>;
  };
  question_versions: {
    question_id: string;
    version: number;
    content: Json<QuestionInput>;
    option_ids: string[];
    used: Generated<boolean>;
  };
  attempts: {
    attempt_id: string;
    lesson_id: string;
    course_id: string;
    user_id: string;
    seed: ColumnType<string, number, never>;
    shown: Json<ShownQuestion[]>;
    answers: ColumnType<SavedAnswers, string | undefined, string>;
    started_at: Date;
    ends_at: Date | null;
    submitted_at: Date | null;
    score_percent: number | null;
    passed: boolean | null;
  };
  quiz_grants: {
    grant_id: string;
    lesson_id: string;
    course_id: string;
    user_id: string;
    kind: QuizGrantKind;
    reason: string;
    granted_at: Date;
  };
  people: { user_id: string; name: string };
}

/** In the order they are applied; each in its own file under migrations/, its id never changed once released. */
export const migrations: Migration[] = [eventTablesMigration, quizzes, quizGrants, people];
