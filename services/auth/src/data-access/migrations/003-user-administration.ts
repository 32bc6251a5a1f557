import type { Migration } from '@portal/kit/db';

/** The administrators' user list pages by name, e-mail, last sign-in or creation without sorting the whole table. */
export const userAdministration: Migration = {
  id: '003-user-administration',
  statements: [
    `create index users_name_lower on users (lower(name), id)`,
    `create index users_last_sign_in on users (last_sign_in_at, id)`,
    `create index users_created on users (created_at, id)`,
    `create index users_admins on users (id) where is_sys_admin`,
  ],
};
