import { EVENTS, userDeletedSchema } from '@portal/contracts/events';
import type { EventHandlers } from '@portal/kit/events';
import { removeUserEverywhere } from '../../data-access/participations-repository.ts';
import type { CoursesDatabase } from '../../data-access/schema.ts';

/** Events of the other services that change the courses service's data. */
export function courseEventHandlers(): EventHandlers<CoursesDatabase> {
  return {
    // A deleted user leaves every course.
    [EVENTS.userDeleted]: (trx, payload) => removeUserEverywhere(trx, userDeletedSchema.parse(payload).userId),
  };
}
