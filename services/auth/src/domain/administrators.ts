import type { UserStatus } from '@portal/contracts/auth';
import { AppError } from '@portal/kit/errors';

/** What the last-administrator rule looks at in an account. */
export interface AdministratorState {
  isSysAdmin: boolean;
  status: UserStatus;
}

const lastAdmin = () =>
  new AppError(409, 'last_admin', 'The last active administrator cannot be demoted or deactivated');

/**
 * The portal keeps an active administrator on every path that changes accounts (the admin API, SCIM): a change
 * that ends the last one's role or activity, or deletes the account (`after` undefined), is refused (409 `last_admin`).
 */
export async function keepAnAdministrator(
  countOtherActiveAdmins: (exceptId: string) => Promise<number>,
  id: string,
  before: AdministratorState,
  after: AdministratorState | undefined,
): Promise<void> {
  const wasOne = before.isSysAdmin && before.status === 'active';
  const staysOne = after !== undefined && after.isSysAdmin && after.status === 'active';
  if (wasOne && !staysOne && (await countOtherActiveAdmins(id)) === 0) throw lastAdmin();
}
