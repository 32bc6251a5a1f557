import { type AuditDraft, recordAudit } from '@portal/kit/audit';
import { type Kysely, sql, type Transaction } from 'kysely';
import { type AuthDatabase, SERVICE } from './schema.ts';

/** Whether SCIM may change, deactivate and delete administrators' accounts: off until an administrator stores it. */
export async function scimManagesAdministrators(db: Kysely<AuthDatabase> | Transaction<AuthDatabase>) {
  const row = await db.selectFrom('scim_settings').select('manages_administrators').executeTakeFirst();
  return row?.manages_administrators ?? false;
}

export function scimSettingsRepository(db: Kysely<AuthDatabase>) {
  return {
    managesAdministrators: () => scimManagesAdministrators(db),

    /** Stores the one row of settings and, in the same transaction, the trail's `audit` of the change. */
    async save(managesAdministrators: boolean, updatedBy: string, audit: AuditDraft): Promise<void> {
      const values = {
        manages_administrators: managesAdministrators,
        updated_by: updatedBy,
        updated_at: sql<Date>`now()`,
      };
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('scim_settings')
          .values(values)
          .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
          .execute();
        await recordAudit(trx, SERVICE, audit);
      });
    },
  };
}
export type ScimSettingsRepository = ReturnType<typeof scimSettingsRepository>;
