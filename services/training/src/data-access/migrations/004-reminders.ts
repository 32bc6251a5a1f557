import type { Migration } from '@portal/kit/db';

/**
 * The reminders claimed (before sending, so that instances running the same pass send each once), and the digests.
 * A claim goes with the assigned row it is about; `cycle_due_at` is the due date of the cycle it reminds of
 * (the epoch, 1970, for the "assigned" mail, which goes once whatever the due dates; a date a backup keeps).
 */
export const reminders: Migration = {
  id: '004-reminders',
  statements: [
    `create table reminders_sent (
      assignment_id uuid not null,
      user_id uuid not null,
      kind text not null check (kind in ('assigned', 'due-soon', 'overdue', 'due-again')),
      cycle_due_at timestamptz not null,
      sent_at timestamptz not null,
      primary key (assignment_id, user_id, kind, cycle_due_at),
      foreign key (assignment_id, user_id) references assigned_people (assignment_id, user_id) on delete cascade
    )`,
    `create table digests_sent (
      user_id uuid not null references people (user_id) on delete cascade,
      day date not null,
      sent_at timestamptz not null,
      primary key (user_id, day)
    )`,
    `create index assigned_people_open_assigned on assigned_people (assigned_at) where completed_at is null`,
    `create index assigned_people_recurring on assigned_people (completed_at) where recur_every_months is not null`,
  ],
};
