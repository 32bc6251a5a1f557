import type { Migration } from '@portal/kit/db';

/**
 * The company's OpenID Connect provider as an administrator configures it in the UI: one row at most. The client
 * secret is kept encrypted (AES-256-GCM), since the gateway must send it to the provider (decision 0040).
 */
export const ssoSettings: Migration = {
  id: '008-sso-settings',
  statements: [
    `create table sso_settings (
      id boolean primary key default true check (id),
      issuer_url text not null,
      client_id text not null,
      client_secret_encrypted text,
      display_name text not null,
      admin_groups text[] not null default '{}',
      allowed_domains text[] not null default '{}',
      password_sign_in boolean not null default true,
      enabled boolean not null default false,
      updated_by uuid references users (id) on delete set null,
      updated_at timestamptz not null default now()
    )`,
  ],
};
