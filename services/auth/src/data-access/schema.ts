import type { UserStatus } from '@portal/contracts/auth';
import type { Migration } from '@portal/kit/db';
import { eventTablesMigration } from '@portal/kit/events';
import type { ColumnType } from 'kysely';
import { usersAndResetTokens } from './migrations/001-users-and-reset-tokens.ts';
import { companyIdentity } from './migrations/002-company-identity.ts';
import { userAdministration } from './migrations/003-user-administration.ts';
import { scimTokens } from './migrations/005-scim-tokens.ts';
import { directoryEventsBackfill } from './migrations/007-directory-events-backfill.ts';
import { accentInsensitiveSearch } from './migrations/006-accent-insensitive-search.ts';
import { ssoSettings } from './migrations/008-sso-settings.ts';
import { scimSettings } from './migrations/009-scim-settings.ts';
import { provenEmail } from './migrations/010-proven-email.ts';
import { sessionsEnded } from './migrations/011-sessions-ended.ts';

/** The service named in its audit records. */
export const SERVICE = 'auth';

/** What a link sent by e-mail lets its holder do: reset a password, set a first one, confirm the address. */
export type ResetTokenPurpose = 'reset' | 'invite' | 'verify';

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  language: string;
  is_sys_admin: ColumnType<boolean, boolean | undefined, boolean>;
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
  last_sign_in_at: Date | null;
  external_subject: string | null;
  /** When the address was proven; null: never (an open registration, an import not yet followed). */
  email_verified_at: Date | null;
  /** Sessions begun before it have ended (set outside a request, where the gateway cannot be told at once). */
  sessions_ended_at: Date | null;
  scim_external_id: string | null;
  given_name: string | null;
  family_name: string | null;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date>;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: string;
  expires_at: Date;
  purpose: ColumnType<ResetTokenPurpose, ResetTokenPurpose | undefined, ResetTokenPurpose>;
  created_at: ColumnType<Date, never, never>;
}

export interface GroupsTable {
  id: string;
  name: string;
  scim_external_id: string | null;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date>;
}

export interface GroupMembersTable {
  group_id: string;
  user_id: string;
  added_at: ColumnType<Date, never, never>;
}

export interface ScimTokensTable {
  id: string;
  label: string;
  token_hash: string;
  created_by: string | null;
  created_at: ColumnType<Date, never, never>;
  last_used_at: Date | null;
}

export interface SsoSettingsTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  issuer_url: string;
  client_id: string;
  client_secret_encrypted: string | null;
  display_name: string;
  admin_groups: string[];
  allowed_domains: string[];
  password_sign_in: boolean;
  enabled: boolean;
  updated_by: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface ScimSettingsTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  manages_administrators: boolean;
  updated_by: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface AuthDatabase {
  users: UsersTable;
  password_reset_tokens: PasswordResetTokensTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  scim_tokens: ScimTokensTable;
  sso_settings: SsoSettingsTable;
  scim_settings: ScimSettingsTable;
}

/** In the order they are applied; each in its own file under migrations/, its id never changed once released. */
export const migrations: Migration[] = [
  usersAndResetTokens,
  eventTablesMigration,
  companyIdentity,
  userAdministration,
  scimTokens,
  accentInsensitiveSearch,
  directoryEventsBackfill,
  ssoSettings,
  scimSettings,
  provenEmail,
  sessionsEnded,
];
