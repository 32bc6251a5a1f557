import type { Migration } from '@portal/kit/db';

/**
 * What a company's directory brings: accounts without a password (single sign-on), a status (pending until an
 * e-mail link is followed, deactivated by an administrator or SCIM), the last sign-in, the provider's subject and
 * the directory's id, and groups with their members.
 */
export const companyIdentity: Migration = {
  id: '002-company-identity',
  statements: [
    `alter table users alter column password_hash drop not null`,
    `alter table users add column status text not null default 'active'
      constraint users_status_known check (status in ('active', 'pending', 'deactivated'))`,
    `alter table users add column last_sign_in_at timestamptz`,
    `alter table users add column external_subject text`,
    `alter table users add column scim_external_id text`,
    `create unique index users_external_subject on users (external_subject) where external_subject is not null`,
    `create index users_status on users (status)`,
    `create table groups (
      id uuid primary key,
      name text not null,
      scim_external_id text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    `create unique index groups_name_lower on groups (lower(name))`,
    `create table group_members (
      group_id uuid not null references groups (id) on delete cascade,
      user_id uuid not null references users (id) on delete cascade,
      added_at timestamptz not null default now(),
      primary key (group_id, user_id)
    )`,
    `create index group_members_user on group_members (user_id)`,
    `alter table password_reset_tokens add column purpose text not null default 'reset'
      constraint password_reset_tokens_purpose_known check (purpose in ('reset', 'invite', 'verify'))`,
  ],
};
