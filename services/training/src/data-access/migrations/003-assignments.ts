import type { Migration } from '@portal/kit/db';

/**
 * Assignments, whom each names (people and groups), and one row per assignment and person it reaches
 * (`assigned_people`), carrying what a status is computed from, so reports and reminders are indexed reads.
 */
export const assignments: Migration = {
  id: '003-assignments',
  statements: [
    `create table assignments (
      id uuid primary key,
      course_id uuid not null,
      mandatory boolean not null,
      due_at timestamptz,
      due_in_days integer,
      recur_every_months integer,
      created_at timestamptz not null,
      created_by uuid
    )`,
    `create index assignments_course on assignments (course_id, created_at)`,
    `create table assignment_targets (
      assignment_id uuid not null references assignments (id) on delete cascade,
      kind text not null check (kind in ('user', 'group')),
      target_id uuid not null,
      primary key (assignment_id, kind, target_id)
    )`,
    `create index assignment_targets_target on assignment_targets (target_id, kind)`,
    `create table assigned_people (
      assignment_id uuid not null references assignments (id) on delete cascade,
      user_id uuid not null,
      course_id uuid not null,
      person_name text not null default '',
      mandatory boolean not null,
      recur_every_months integer,
      assigned_at timestamptz not null,
      due_at timestamptz,
      direct boolean not null,
      group_ids uuid[] not null default '{}',
      started_at timestamptz,
      completed_at timestamptz,
      primary key (assignment_id, user_id)
    )`,
    `create index assigned_people_course on assigned_people (course_id, person_name, user_id)`,
    `create index assigned_people_user on assigned_people (user_id, course_id)`,
    `create index assigned_people_open_due on assigned_people (due_at) where completed_at is null`,
  ],
};
