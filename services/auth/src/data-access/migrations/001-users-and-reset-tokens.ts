import type { Migration } from '@portal/kit/db';

export const usersAndResetTokens: Migration = {
  id: '001-users-and-reset-tokens',
  statements: [
    `create table users (
      id uuid primary key,
      email text not null,
      name text not null,
      password_hash text not null,
      language text not null default 'en',
      is_sys_admin boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    `create unique index users_email_lower on users (lower(email))`,
    `create table password_reset_tokens (
      token_hash text primary key,
      user_id uuid not null references users (id) on delete cascade,
      expires_at timestamptz not null,
      created_at timestamptz not null default now()
    )`,
    `create index password_reset_tokens_user on password_reset_tokens (user_id)`,
  ],
};
