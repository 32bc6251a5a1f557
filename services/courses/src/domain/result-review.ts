import type { CourseResult, ResultForReview, ResultListQuery, ReviewDecision } from '@portal/contracts/course-results';
import type { Language } from '@portal/contracts/languages';
import type { AuditContext } from '@portal/kit/audit';
import { AppError, notFound } from '@portal/kit/errors';
import type { Identity } from '@portal/kit/identity';
import type { CallContext } from '@portal/kit/service-client';
import { audited } from './course-audit.ts';
import { clockOf, type CoursesDeps, pageOf, viewerOf, visibleCourse } from './course-access.ts';

/** Proof of completion by a result: whether one may be uploaded, the learner's own, and the reviewers' queue and decision. */
export function resultReview(deps: CoursesDeps) {
  const now = clockOf(deps);
  const visible = (id: string, identity: Identity, language: Language) => visibleCourse(deps, id, identity, language);

  /**
   * What the trail shows of a reviewed result: the person (e-mail first, as the object filter searches a label's
   * beginning) and the course in the reviewer's language; none when the result or the person is not found.
   */
  async function reviewLabel(resultId: string, context: CallContext) {
    const result = await deps.results.find(resultId);
    if (!result) return undefined;
    const [person, course] = await Promise.all([
      deps.profileOf?.(result.userId, context),
      deps.courses.findById(result.courseId, context.identity.lang),
    ]);
    const title = course && (course.texts[context.identity.lang] ?? course.texts[course.defaultLanguage])?.title;
    if (!person || title === undefined) return undefined;
    return `${person.email}, ${person.name}: ${title}`.slice(0, 300);
  }

  return {
    /**
     * Checked before a byte of an upload is read: the course asks for a result, the caller takes it (started, not
     * completed) and has none waiting for review.
     */
    async resultUploadable(courseId: string, identity: Identity): Promise<void> {
      const course = await visible(courseId, identity, identity.lang);
      if (course.completionProof !== 'upload') {
        throw new AppError(
          409,
          'completion_by_confirmation',
          'This course is completed by confirming, not by a result',
        );
      }
      const userId = viewerOf(identity);
      const participation = (await deps.participations.ofUser(userId)).find((mine) => mine.courseId === courseId);
      if (!participation) throw new AppError(409, 'not_started', 'The course was not started');
      if (participation.completedAt !== null) throw new AppError(409, 'already_completed', 'The course is completed');
      if ((await deps.results.latest(courseId, userId))?.status === 'pending') {
        throw new AppError(409, 'result_pending', 'A result is waiting for review already');
      }
    },

    /** The caller's latest result for a course they may see, or null. */
    async myResult(courseId: string, identity: Identity): Promise<CourseResult | null> {
      await visible(courseId, identity, identity.lang);
      return (await deps.results.latest(courseId, viewerOf(identity))) ?? null;
    },

    /** A result for download: its owner's or any for administrators (others learn nothing, not even that it exists). */
    async resultForDownload(resultId: string, identity: Identity): Promise<CourseResult> {
      const result = await deps.results.find(resultId);
      if (!result || (!identity.admin && result.userId !== identity.sub)) throw notFound('Result not found');
      return result;
    },

    /** A page of results for the reviewers, each with its uploader's name (asked of the auth service, once each). */
    async listResults(
      query: ResultListQuery,
      context: CallContext,
      language: Language,
    ): Promise<{ items: ResultForReview[]; total: number }> {
      const { items, total } = await deps.results.list({ status: query.status, ...pageOf(query) }, language);
      const userIds = [...new Set(items.map((item) => item.userId))];
      const profiles = new Map(
        await Promise.all(
          userIds.map(
            async (userId) => [userId, deps.profileOf ? await deps.profileOf(userId, context) : null] as const,
          ),
        ),
      );
      return { items: items.map((item) => ({ ...item, person: profiles.get(item.userId) ?? null })), total };
    },

    /** Approves (the course is completed) or rejects (the learner uploads again) a pending result. */
    async review(resultId: string, decision: ReviewDecision, context: CallContext, audit: AuditContext) {
      const { identity } = context;
      const status = decision.decision === 'approve' ? 'approved' : 'rejected';
      const comment = decision.comment === undefined || decision.comment === '' ? null : decision.comment;
      const label = await reviewLabel(resultId, context);
      const reviewed = await deps.results.review(resultId, {
        status,
        comment,
        reviewerId: identity.sub,
        now: now(),
        audit: (result) =>
          audited(
            audit,
            `course-result.${status}`,
            { type: 'course-result', id: result.id, label: label ?? result.fileName },
            {
              changes: { status: { before: 'pending', after: status } },
              details: {
                courseId: result.courseId,
                userId: result.userId,
                fileName: result.fileName,
                ...(comment ? { comment } : {}),
              },
            },
          ),
      });
      if (reviewed) return reviewed;
      if (await deps.results.find(resultId)) {
        throw new AppError(409, 'result_not_pending', 'The result was reviewed already');
      }
      throw notFound('Result not found');
    },
  };
}
