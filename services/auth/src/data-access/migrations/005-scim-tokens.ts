import type { Migration } from '@portal/kit/db';

/**
 * Bearer tokens of SCIM clients (a directory such as Entra ID or Okta), kept only as their SHA-256; and the given
 * and family names a directory sends, which the portal's one display name cannot give back apart.
 */
export const scimTokens: Migration = {
  id: '005-scim-tokens',
  statements: [
    `create table scim_tokens (
      id uuid primary key,
      label text not null,
      token_hash text not null unique,
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz
    )`,
    `alter table users add column given_name text`,
    `alter table users add column family_name text`,
    `create index users_scim_external_id on users (scim_external_id) where scim_external_id is not null`,
    `create index groups_scim_external_id on groups (scim_external_id) where scim_external_id is not null`,
  ],
};
