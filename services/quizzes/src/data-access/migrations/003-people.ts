import type { Migration } from '@portal/kit/db';

/** The names auth announces (`user.changed`), so the quiz report names the people to follow up; gone with the account. */
export const people: Migration = {
  id: '003-people',
  statements: [
    `create table people (
      user_id uuid primary key,
      name text not null
    )`,
  ],
};
