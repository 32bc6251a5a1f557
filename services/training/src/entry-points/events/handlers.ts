import {
  completionRecordedSchema,
  courseChangedSchema,
  courseDeletedSchema,
  EVENTS,
  groupChangedSchema,
  groupDeletedSchema,
  groupMemberAddedSchema,
  groupMemberRemovedSchema,
  participationStartedSchema,
  quizAttemptsExhaustedSchema,
  quizPassedSchema,
  resultDiscardedSchema,
  resultReviewedSchema,
  resultUploadedSchema,
  userChangedSchema,
  userDeletedSchema,
} from '@portal/contracts/events';
import type { DeletedAccountRecords } from '@portal/contracts/portal-config';
import type { EventHandlers } from '@portal/kit/events';
import { readModel } from '../../data-access/read-model.ts';
import { resultMailsRepository } from '../../data-access/result-mails-repository.ts';
import type { TrainingDatabase } from '../../data-access/schema.ts';

/**
 * Users and groups from auth, courses and progress from courses, quizzes failed to the last attempt from quizzes:
 * each kept as its latest state (the inbox dedupes);
 * results waiting for review counted for the digest, reviewed ones kept as mails to send.
 * A deleted account's records are kept without its name or erased, as DELETED_ACCOUNT_RECORDS says.
 */
export function trainingEventHandlers(
  deletedAccounts: DeletedAccountRecords,
  /** Asks for a mail pass soon (the learner hears about their result within seconds). */
  mailSoon: () => void,
): EventHandlers<TrainingDatabase> {
  return {
    [EVENTS.userChanged]: (trx, payload) => readModel(trx).userChanged(userChangedSchema.parse(payload)),
    [EVENTS.userDeleted]: (trx, payload) => {
      const { userId } = userDeletedSchema.parse(payload);
      return deletedAccounts === 'anonymise'
        ? readModel(trx).userAnonymised(userId)
        : readModel(trx).userDeleted(userId);
    },
    [EVENTS.groupChanged]: async (trx, payload) => {
      const group = groupChangedSchema.parse(payload);
      await readModel(trx).groupChanged(group.groupId, group.name);
    },
    [EVENTS.groupDeleted]: (trx, payload) => readModel(trx).groupDeleted(groupDeletedSchema.parse(payload).groupId),
    [EVENTS.groupMemberAdded]: (trx, payload) => readModel(trx).memberAdded(groupMemberAddedSchema.parse(payload)),
    [EVENTS.groupMemberRemoved]: async (trx, payload) => {
      const member = groupMemberRemovedSchema.parse(payload);
      await readModel(trx).memberRemoved(member.groupId, member.userId);
    },
    [EVENTS.courseChanged]: (trx, payload) => readModel(trx).courseChanged(courseChangedSchema.parse(payload)),
    [EVENTS.courseDeleted]: (trx, payload) => readModel(trx).courseDeleted(courseDeletedSchema.parse(payload).courseId),
    [EVENTS.participationStarted]: (trx, payload) =>
      readModel(trx).participationStarted(participationStartedSchema.parse(payload)),
    [EVENTS.completionRecorded]: (trx, payload) =>
      readModel(trx).completionRecorded(completionRecordedSchema.parse(payload)),
    [EVENTS.quizAttemptsExhausted]: (trx, payload) =>
      readModel(trx).quizAttemptsExhausted(quizAttemptsExhaustedSchema.parse(payload)),
    [EVENTS.quizPassed]: (trx, payload) => readModel(trx).quizPassed(quizPassedSchema.parse(payload)),
    [EVENTS.resultUploaded]: (trx, payload) => readModel(trx).resultUploaded(resultUploadedSchema.parse(payload)),
    [EVENTS.resultDiscarded]: (trx, payload) =>
      readModel(trx).resultNoLongerPending(resultDiscardedSchema.parse(payload).resultId),
    [EVENTS.resultReviewed]: async (trx, payload) => {
      const review = resultReviewedSchema.parse(payload);
      await readModel(trx).resultNoLongerPending(review.resultId);
      await resultMailsRepository(trx).keep(review);
      mailSoon();
    },
  };
}
