import { type AuditDraft, recordAudit } from '@portal/kit/audit';
import { type Kysely, sql } from 'kysely';
import { type AuthDatabase, SERVICE } from './schema.ts';

export interface SsoSettingsRecord {
  issuerUrl: string;
  clientId: string;
  clientSecretEncrypted: string | null;
  displayName: string;
  adminGroups: string[];
  allowedDomains: string[];
  passwordSignIn: boolean;
  enabled: boolean;
}

export function ssoSettingsRepository(db: Kysely<AuthDatabase>) {
  return {
    get(): Promise<SsoSettingsRecord | undefined> {
      return db
        .selectFrom('sso_settings')
        .select([
          'issuer_url as issuerUrl',
          'client_id as clientId',
          'client_secret_encrypted as clientSecretEncrypted',
          'display_name as displayName',
          'admin_groups as adminGroups',
          'allowed_domains as allowedDomains',
          'password_sign_in as passwordSignIn',
          'enabled',
        ])
        .executeTakeFirst();
    },

    /** Stores the one row of settings and, in the same transaction, the trail's `audit` of the change. */
    async save(settings: SsoSettingsRecord, updatedBy: string, audit: AuditDraft): Promise<void> {
      const values = {
        issuer_url: settings.issuerUrl,
        client_id: settings.clientId,
        client_secret_encrypted: settings.clientSecretEncrypted,
        display_name: settings.displayName,
        admin_groups: settings.adminGroups,
        allowed_domains: settings.allowedDomains,
        password_sign_in: settings.passwordSignIn,
        enabled: settings.enabled,
        updated_by: updatedBy,
        updated_at: sql<Date>`now()`,
      };
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sso_settings')
          .values(values)
          .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
          .execute();
        await recordAudit(trx, SERVICE, audit);
      });
    },
  };
}
export type SsoSettingsRepository = ReturnType<typeof ssoSettingsRepository>;
