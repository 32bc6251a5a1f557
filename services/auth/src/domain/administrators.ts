import { AppError } from '@portal/kit/errors';
import type { AdministratorGuard, AdministratorState } from '../data-access/administrators-lock.ts';

const lastAdmin = () =>
  new AppError(409, 'last_admin', 'The last active administrator cannot be demoted or deactivated');

/**
 * The portal keeps an active administrator on every path that changes accounts (the admin API, SCIM, one's own
 * deletion): a change that ends the last one's role or activity, or deletes the account (`change` undefined), is
 * refused (409 `last_admin`). The state is read where the write happens, so parallel changes cannot both pass.
 */
export function keepAnAdministrator(id: string, change: Partial<AdministratorState> | undefined): AdministratorGuard {
  return async (administrators) => {
    const before = await administrators.stateOf(id);
    if (!before) return;
    const after = change && { ...before, ...change };
    const wasOne = before.isSysAdmin && before.status === 'active';
    const staysOne = after !== undefined && after.isSysAdmin && after.status === 'active';
    if (wasOne && !staysOne && (await administrators.countOtherActiveAdmins(id)) === 0) throw lastAdmin();
  };
}
