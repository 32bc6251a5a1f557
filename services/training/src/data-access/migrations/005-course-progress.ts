import type { Migration } from '@portal/kit/db';

/**
 * Each person's progress in each course, assigned or not (started, latest completion), in the course index's order
 * as `assigned_people` is: the reports read the voluntary ones beside the assigned rows. Filled from what is kept.
 */
export const courseProgress: Migration = {
  id: '005-course-progress',
  statements: [
    `create table course_progress (
      user_id uuid not null,
      course_id uuid not null,
      person_name text not null default '',
      started_at timestamptz,
      completed_at timestamptz,
      primary key (user_id, course_id)
    )`,
    `create index course_progress_course on course_progress (course_id, person_name, user_id)`,
    `insert into course_progress (user_id, course_id, person_name, started_at, completed_at)
      select k.user_id, k.course_id, coalesce(p.name, ''),
        (select s.started_at from participations s where s.user_id = k.user_id and s.course_id = k.course_id),
        (select max(c.completed_at) from completions c where c.user_id = k.user_id and c.course_id = k.course_id)
      from (select user_id, course_id from participations union select user_id, course_id from completions) k
      left join people p on p.user_id = k.user_id`,
  ],
};
