import type { UserStatus } from '@portal/contracts/auth';
import { sql, type Transaction } from 'kysely';
import type { AuthDatabase } from './schema.ts';
import { scimManagesAdministrators } from './scim-settings-repository.ts';

/** What the last-administrator rule looks at in an account. */
export interface AdministratorState {
  isSysAdmin: boolean;
  status: UserStatus;
}

/** What the rule reads, inside the write's transaction and after the lock that serialises administrator changes. */
export interface Administrators {
  stateOf(id: string): Promise<AdministratorState | undefined>;
  countOtherActiveAdmins(exceptId: string): Promise<number>;
  /** The setting on /admin/scim: whether SCIM may write administrators' accounts. */
  scimManagesAdministrators(): Promise<boolean>;
}

/** A check a write that may end an administrator runs in its own transaction, before it writes. */
export type AdministratorGuard = (administrators: Administrators) => Promise<void>;

/** The advisory lock's key (any fixed number; "adm" in ASCII) that every such write takes. */
const ADMINISTRATORS_LOCK = 0x61646d;

/**
 * Takes the transaction-scoped lock on administrator changes, then runs `guard` on what the transaction reads: two
 * parallel writes that each end an administrator are checked one after the other (READ COMMITTED: each statement
 * after the lock sees what the other committed).
 */
export async function checkAdministrators(trx: Transaction<AuthDatabase>, guard: AdministratorGuard | undefined) {
  if (!guard) return;
  await sql`select pg_advisory_xact_lock(${sql.lit(ADMINISTRATORS_LOCK)})`.execute(trx);
  await guard({
    async stateOf(id) {
      return trx
        .selectFrom('users')
        .select(['is_sys_admin as isSysAdmin', 'status'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
    async countOtherActiveAdmins(exceptId) {
      const row = await trx
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string | number>().as('total'))
        .where('is_sys_admin', '=', true)
        .where('status', '=', 'active')
        .where('id', '<>', exceptId)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },
    scimManagesAdministrators: () => scimManagesAdministrators(trx),
  });
}
