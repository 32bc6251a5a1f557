import type { ScimSettings } from '@portal/contracts/scim';
import type { AuditContext } from '@portal/kit/audit';
import type { Logger } from '@portal/kit/logger';
import type { ScimSettingsRepository } from '../data-access/scim-settings-repository.ts';

export interface ScimSettingsDeps {
  settings: ScimSettingsRepository;
  logger: Logger;
}

/** What an administrator allows SCIM on /admin/scim; each change is on the audit trail with before and after. */
export function scimSettings(deps: ScimSettingsDeps) {
  return {
    async get(): Promise<ScimSettings> {
      return { managesAdministrators: await deps.settings.managesAdministrators() };
    },

    async save(settings: ScimSettings, administratorId: string, context: AuditContext): Promise<ScimSettings> {
      const before = await deps.settings.managesAdministrators();
      await deps.settings.save(settings.managesAdministrators, administratorId, {
        ...context,
        action: 'scim-settings.changed',
        object: { type: 'scim-settings', id: 'company', label: 'SCIM' },
        outcome: 'success',
        changes: { managesAdministrators: { before, after: settings.managesAdministrators } },
      });
      deps.logger.info(
        { userId: administratorId, managesAdministrators: settings.managesAdministrators },
        'SCIM settings saved',
      );
      return settings;
    },
  };
}
export type ScimSettingsService = ReturnType<typeof scimSettings>;
