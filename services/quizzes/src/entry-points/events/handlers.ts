import {
  courseChangedSchema,
  courseDeletedSchema,
  EVENTS,
  lessonChangedSchema,
  lessonDeletedSchema,
  userChangedSchema,
  userDeletedSchema,
} from '@portal/contracts/events';
import type { EventHandlers } from '@portal/kit/events';
import { readModel } from '../../data-access/read-model.ts';
import type { QuizzesDatabase } from '../../data-access/schema.ts';

/**
 * Courses (published or draft) and their quiz lessons from the courses service; people's names from auth; a deleted
 * account's name and attempts go.
 */
export function quizzesEventHandlers(): EventHandlers<QuizzesDatabase> {
  return {
    [EVENTS.courseChanged]: async (trx, payload) => {
      const course = courseChangedSchema.parse(payload);
      await readModel(trx).courseChanged(course.courseId, course.published);
    },
    [EVENTS.courseDeleted]: (trx, payload) => readModel(trx).courseDeleted(courseDeletedSchema.parse(payload).courseId),
    [EVENTS.lessonChanged]: async (trx, payload) => {
      const lesson = lessonChangedSchema.parse(payload);
      await readModel(trx).lessonChanged(lesson.lessonId, lesson.courseId, lesson.kind === 'quiz');
    },
    [EVENTS.lessonDeleted]: (trx, payload) => readModel(trx).lessonDeleted(lessonDeletedSchema.parse(payload).lessonId),
    [EVENTS.userChanged]: async (trx, payload) => {
      const user = userChangedSchema.parse(payload);
      await readModel(trx).userChanged(user.userId, user.name);
    },
    [EVENTS.userDeleted]: (trx, payload) => readModel(trx).userDeleted(userDeletedSchema.parse(payload).userId),
  };
}
