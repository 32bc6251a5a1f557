import type { Migration } from '@portal/kit/db';

/**
 * When the account's address was proven (a followed mail link, an invitation, the provider's verified e-mail): only
 * such an account is linked to the provider by e-mail without being taken over. Accounts already linked to the
 * provider count as proven.
 */
export const provenEmail: Migration = {
  id: '010-proven-email',
  statements: [
    `alter table users add column email_verified_at timestamptz`,
    `update users set email_verified_at = updated_at where external_subject is not null`,
  ],
};
