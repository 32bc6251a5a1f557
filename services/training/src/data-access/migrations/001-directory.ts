import type { Migration } from '@portal/kit/db';

/** People and groups as auth announces them: only what assignments and reports need. */
export const directory: Migration = {
  id: '001-directory',
  statements: [
    `create table people (
      user_id uuid primary key,
      name text not null,
      email text not null,
      language text not null,
      status text not null,
      is_sys_admin boolean not null,
      updated_at timestamptz not null default now()
    )`,
    `create table groups (group_id uuid primary key, name text not null)`,
    `create table group_members (
      group_id uuid not null,
      user_id uuid not null,
      joined_at timestamptz not null,
      primary key (group_id, user_id)
    )`,
    `create index group_members_user on group_members (user_id)`,
  ],
};
