import type { Migration } from '@portal/kit/db';
import { eventTablesMigration } from '@portal/kit/events';
import type { CompletionProof, CompletionRequirement, CourseSaved, CourseSummary } from '@portal/contracts/courses';
import type { QuizEvidence } from '@portal/contracts/events';
import type { ResultStatus } from '@portal/contracts/course-results';
import type { Language } from '@portal/contracts/languages';
import type { LessonKind, LessonText } from '@portal/contracts/lessons';
import type { ColumnType, Generated } from 'kysely';
import { categoriesCoursesParticipations } from './migrations/001-categories-courses-participations.ts';
import { shortDescriptionBlockSeparators } from './migrations/002-short-description-block-separators.ts';
import { textsPerLanguage } from './migrations/003-texts-per-language.ts';
import { catalogueVersion } from './migrations/004-catalogue-version.ts';
import { completionProofAndResults } from './migrations/005-completion-proof-and-results.ts';
import { trainingEventsBackfill } from './migrations/006-training-events-backfill.ts';
import { lessons } from './migrations/007-lessons.ts';
import { completionByRule } from './migrations/008-completion-by-rule.ts';
import { lessonCaptions } from './migrations/009-lesson-captions.ts';
import { recordedQuizPasses } from './migrations/010-recorded-quiz-passes.ts';

export interface CoursesDatabase {
  categories: { id: string; default_language: Language; created_at: ColumnType<Date, never, never> };
  /** A category's name in each language it has (its default language's at least). */
  category_names: { category_id: string; language: Language; name: string };
  courses: {
    id: string;
    default_language: Language;
    /** The languages of the course's texts, in the order of LANGUAGES (kept on every write). */
    languages: Language[];
    /** Migrated before languages existed: relabelled to the author's language once the auth service answers. */
    default_language_pending: ColumnType<boolean, boolean | undefined, boolean>;
    /** The searchable text of every language together (one indexed LIKE finds a course in any of them). */
    search_text: string;
    is_published: boolean;
    completion_proof: ColumnType<CompletionProof, CompletionProof | undefined, CompletionProof>;
    completion_requires: ColumnType<
      CompletionRequirement[],
      CompletionRequirement[] | undefined,
      CompletionRequirement[]
    >;
    created_by: string | null;
    created_at: ColumnType<Date, Date | undefined, never>;
    updated_at: Date;
  };
  /** A course's text in one language. */
  course_texts: {
    course_id: string;
    language: Language;
    title: string;
    /** As the card shows it: the author's, else the start of the description. */
    short_description: string;
    short_description_authored: boolean;
    description_html: string;
  };
  course_categories: { course_id: string; category_id: string };
  participations: {
    course_id: string;
    user_id: string;
    started_at: Date;
    completed_at: Date | null;
  };
  completions: {
    course_id: string;
    user_id: string;
    completed_at: Date;
    /** A completion by rule: the quiz attempts that met it (score, attempt, date); null otherwise. */
    evidence: ColumnType<QuizEvidence[] | null, string | undefined, never>;
  };
  /** A learner's first passing attempt at a quiz lesson (from quiz.passed). */
  quiz_passes: {
    user_id: string;
    lesson_id: string;
    course_id: string;
    attempt_id: string;
    score_percent: number;
    attempts_used: number;
    passed_at: Date;
    /** Recorded by an administrator: `attempt_id` is their grant's. */
    recorded: Generated<boolean>;
  };
  /** A learner's uploaded proof of completion; 'uploading' until its last chunk is stored. */
  course_results: {
    id: string;
    course_id: string;
    user_id: string;
    file_name: string;
    file_type: string;
    file_size: ColumnType<number, number | undefined, number>;
    status: 'uploading' | ResultStatus;
    uploaded_at: ColumnType<Date, Date | undefined, Date>;
    reviewed_at: Date | null;
    reviewed_by: string | null;
    review_comment: string | null;
  };
  /** A result's content in fixed-size chunks, as the files service keeps attachments (decision 0011). */
  course_result_chunks: { result_id: string; n: number; data: Uint8Array };
  /** One row: changed by a trigger in every transaction that writes what a card shows (migration 004). */
  catalogue_version: { version: string };
  /** A course's lessons; `position` 1 to n without gaps, in the outline's order. */
  lessons: {
    id: string;
    course_id: string;
    position: number;
    kind: LessonKind;
    default_language: Language;
    /** Every language's text of the lesson: its title, and a text lesson's sanitised HTML. */
    texts: ColumnType<Partial<Record<Language, LessonText>>, string, string>;
    file_id: string | null;
    /** A video lesson's captions: the course's WebVTT file per language (empty for other kinds). */
    captions: ColumnType<Partial<Record<Language, string>>, string | undefined, string>;
    created_at: ColumnType<Date, Date | undefined, never>;
    updated_at: Date;
  };
  /** When a person first viewed a lesson (personal data). */
  lesson_views: { user_id: string; lesson_id: string; viewed_at: Date };
}

type CourseColumn = keyof CoursesDatabase['courses'];

/**
 * The card's fields stored as they are in a column of `courses`, by their contract name: the repository reads,
 * inserts and updates them from here, so a new field of the card is its column above and one line here.
 */
export const CARD_COLUMNS = { isPublished: 'is_published' } as const satisfies Partial<
  Record<keyof CourseSummary, CourseColumn>
>;

/** The same for the fields of the course's page besides the card's. */
export const COURSE_COLUMNS = {
  ...CARD_COLUMNS,
  completionProof: 'completion_proof',
  completionRequires: 'completion_requires',
} as const satisfies Partial<Record<keyof CourseSaved, CourseColumn>>;

/** In the order they are applied; each in its own file under migrations/, its id never changed once released. */
export const migrations: Migration[] = [
  eventTablesMigration,
  categoriesCoursesParticipations,
  shortDescriptionBlockSeparators,
  textsPerLanguage,
  catalogueVersion,
  completionProofAndResults,
  trainingEventsBackfill,
  lessons,
  completionByRule,
  lessonCaptions,
  recordedQuizPasses,
];
