import { courseDeletedSchema, EVENTS } from '@portal/contracts/events';
import type { EventHandlers } from '@portal/kit/events';
import { filesRepository } from '../../data-access/files-repository.ts';
import type { FilesDatabase } from '../../data-access/schema.ts';

/** Events of the other services that change the files service's data. */
export function fileEventHandlers(): EventHandlers<FilesDatabase> {
  return {
    // A deleted course takes its files (and their chunks) along.
    [EVENTS.courseDeleted]: (trx, payload) =>
      filesRepository(trx).deleteOfCourse(courseDeletedSchema.parse(payload).courseId),
  };
}
