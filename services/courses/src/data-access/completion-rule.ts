import {
  type CompletionRecorded,
  EVENTS,
  type ParticipationStarted,
  type QuizEvidence,
  type QuizPassed,
} from '@portal/contracts/events';
import { recordEvent } from '@portal/kit/events';
import type { Transaction } from 'kysely';
import type { CoursesDatabase } from './schema.ts';

type Trx = Transaction<CoursesDatabase>;

/** Keeps a learner's first pass of a quiz lesson, and counts the lesson viewed; false for a lesson not known here. */
export async function recordQuizPass(trx: Trx, pass: QuizPassed): Promise<boolean> {
  const lesson = await trx
    .selectFrom('lessons')
    .select('id')
    .where('id', '=', pass.lessonId)
    .where('course_id', '=', pass.courseId)
    .executeTakeFirst();
  if (!lesson) return false;
  const passedAt = new Date(pass.passedAt);
  await trx
    .insertInto('quiz_passes')
    .values({
      user_id: pass.userId,
      lesson_id: pass.lessonId,
      course_id: pass.courseId,
      attempt_id: pass.attemptId,
      score_percent: pass.scorePercent,
      attempts_used: pass.attemptsUsed,
      passed_at: passedAt,
      recorded: pass.recorded === true,
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'lesson_id']).doNothing())
    .execute();
  await trx
    .insertInto('lesson_views')
    .values({ lesson_id: pass.lessonId, user_id: pass.userId, viewed_at: passedAt })
    .onConflict((conflict) => conflict.columns(['user_id', 'lesson_id']).doNothing())
    .execute();
  return true;
}

/**
 * The quiz passes the course's rule rests on when the learner meets it: every lesson viewed and every quiz lesson
 * passed, as far as the course requires them. Undefined when the course has no such rule or it is not met.
 */
async function ruleMet(trx: Trx, courseId: string, userId: string): Promise<QuizEvidence[] | undefined> {
  const course = await trx
    .selectFrom('courses')
    .select(['completion_proof', 'completion_requires'])
    .where('id', '=', courseId)
    .executeTakeFirst();
  // An uploaded result is approved by a reviewer, which completes the course as before (decision 0066).
  if (!course || course.completion_requires.length === 0 || course.completion_proof !== 'confirmation')
    return undefined;
  const lessons = await trx
    .selectFrom('lessons')
    .leftJoin('lesson_views', (join) =>
      join.onRef('lesson_views.lesson_id', '=', 'lessons.id').on('lesson_views.user_id', '=', userId),
    )
    .leftJoin('quiz_passes', (join) =>
      join.onRef('quiz_passes.lesson_id', '=', 'lessons.id').on('quiz_passes.user_id', '=', userId),
    )
    .select([
      'lessons.kind',
      'lesson_views.viewed_at',
      'quiz_passes.lesson_id',
      'quiz_passes.attempt_id',
      'quiz_passes.score_percent',
      'quiz_passes.attempts_used',
      'quiz_passes.passed_at',
      'quiz_passes.recorded',
    ])
    .where('lessons.course_id', '=', courseId)
    .execute();
  if (lessons.length === 0) return undefined;
  const quizzes = lessons.filter((lesson) => lesson.kind === 'quiz');
  if (course.completion_requires.includes('lessons_viewed') && lessons.some((lesson) => lesson.viewed_at === null))
    return undefined;
  if (course.completion_requires.includes('quizzes_passed') && quizzes.some((quiz) => quiz.attempt_id === null))
    return undefined;
  return quizzes.flatMap((quiz) =>
    quiz.lesson_id !== null &&
    quiz.attempt_id !== null &&
    quiz.score_percent !== null &&
    quiz.attempts_used !== null &&
    quiz.passed_at !== null
      ? [
          {
            lessonId: quiz.lesson_id,
            attemptId: quiz.attempt_id,
            scorePercent: quiz.score_percent,
            attemptsUsed: quiz.attempts_used,
            passedAt: quiz.passed_at.toISOString(),
            ...(quiz.recorded ? { recorded: true as const } : {}),
          },
        ]
      : [],
  );
}

/**
 * Records the learner's completion when the course's rule is met now, as a confirmation is recorded (a completions
 * row, completion.recorded) with its evidence; one who never started the course is started first. Nothing when the
 * rule is not met or the course is completed already.
 */
export async function completeByRule(trx: Trx, courseId: string, userId: string, now: Date): Promise<boolean> {
  const evidence = await ruleMet(trx, courseId, userId);
  if (!evidence) return false;
  const participation = await trx
    .selectFrom('participations')
    .select('completed_at')
    .where('course_id', '=', courseId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (participation && participation.completed_at !== null) return false;
  if (participation) {
    await trx
      .updateTable('participations')
      .set({ completed_at: now })
      .where('course_id', '=', courseId)
      .where('user_id', '=', userId)
      .execute();
  } else {
    await trx
      .insertInto('participations')
      .values({ course_id: courseId, user_id: userId, started_at: now, completed_at: now })
      .execute();
    await recordEvent(trx, EVENTS.participationStarted, {
      courseId,
      userId,
      startedAt: now.toISOString(),
    } satisfies ParticipationStarted);
  }
  await trx
    .insertInto('completions')
    .values({
      course_id: courseId,
      user_id: userId,
      completed_at: now,
      ...(evidence.length > 0 ? { evidence: JSON.stringify(evidence) } : {}),
    })
    .execute();
  await recordEvent(trx, EVENTS.completionRecorded, {
    courseId,
    userId,
    completedAt: now.toISOString(),
    ...(evidence.length > 0 ? { evidence } : {}),
  } satisfies CompletionRecorded);
  return true;
}
