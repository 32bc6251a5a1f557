import { EVENTS, quizPassedSchema, userDeletedSchema } from '@portal/contracts/events';
import type { EventHandlers } from '@portal/kit/events';
import { completeByRule, recordQuizPass } from '../../data-access/completion-rule.ts';
import { removeUserEverywhere } from '../../data-access/participations-repository.ts';
import type { CoursesDatabase } from '../../data-access/schema.ts';

/** Events of the other services that change the courses service's data. */
export function courseEventHandlers(): EventHandlers<CoursesDatabase> {
  return {
    // A deleted user leaves every course.
    [EVENTS.userDeleted]: (trx, payload) => removeUserEverywhere(trx, userDeletedSchema.parse(payload).userId),
    // A passed quiz counts its lesson viewed and may complete a course completed by rule.
    [EVENTS.quizPassed]: async (trx, payload) => {
      const pass = quizPassedSchema.parse(payload);
      if (await recordQuizPass(trx, pass)) await completeByRule(trx, pass.courseId, pass.userId, new Date());
    },
  };
}
