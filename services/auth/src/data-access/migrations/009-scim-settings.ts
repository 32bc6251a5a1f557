import type { Migration } from '@portal/kit/db';

/** What an administrator allows SCIM on /admin/scim: one row at most; without it, administrators are not SCIM's. */
export const scimSettings: Migration = {
  id: '009-scim-settings',
  statements: [
    `create table scim_settings (
      id boolean primary key default true check (id),
      manages_administrators boolean not null default false,
      updated_by uuid references users (id) on delete set null,
      updated_at timestamptz not null default now()
    )`,
  ],
};
