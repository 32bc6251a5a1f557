import { ConfirmDialog } from '@portal/web-kit/confirm-dialog';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { FormAlert } from '@portal/web-kit/form-alert';
import formStyles from '@portal/web-kit/styles/form.module.css';
import { Panel } from '@portal/web-kit/panel';
import { DIRECTORY_NAMESPACES, useDirectoryTranslation } from '../../../lib/directory-i18n.ts';
import { useFailureText } from '@portal/web-kit/failure-text';
import { useSaveScimSettings, useScimSettings } from '../scim-queries.ts';

/**
 * Whether the directory may change, deactivate and delete system administrators: off until an administrator
 * switches it on here, each switch confirmed first (the server records it on the audit trail).
 */
export function ScimAdministrators() {
  const { t } = useDirectoryTranslation();
  const failureText = useFailureText(DIRECTORY_NAMESPACES);
  const settings = useScimSettings();
  const saveSettings = useSaveScimSettings();
  const [asked, setAsked] = useState<boolean | null>(null);

  const save = (managesAdministrators: boolean) =>
    saveSettings.mutate(
      { managesAdministrators },
      {
        onSuccess: () => toast.success(t(managesAdministrators ? 'scim.adminsSwitchedOn' : 'scim.adminsSwitchedOff')),
        onSettled: () => setAsked(null),
      },
    );

  const failure = settings.error
    ? failureText(settings.error, 'scim.settingsLoadFailed')
    : saveSettings.error
      ? failureText(saveSettings.error, 'scim.settingsSaveFailed')
      : null;

  return (
    <Panel title={t('scim.adminsTitle')} intro={t('scim.adminsIntro')}>
      <FormAlert message={failure} />
      <label className={formStyles.check}>
        <input
          type="checkbox"
          checked={settings.data?.managesAdministrators ?? false}
          disabled={!settings.data || saveSettings.isPending}
          onChange={(event) => setAsked(event.target.checked)}
        />
        {t('scim.adminsManaged')}
      </label>
      {asked !== null && (
        <ConfirmDialog
          title={t(asked ? 'scim.confirmOnTitle' : 'scim.confirmOffTitle')}
          message={t(asked ? 'scim.confirmOnMessage' : 'scim.confirmOffMessage')}
          confirmLabel={t(asked ? 'scim.confirmOn' : 'scim.confirmOff')}
          busyLabel={t('scim.saving')}
          cancelLabel={t('scim.cancel')}
          busy={saveSettings.isPending}
          tone={asked ? 'danger' : 'primary'}
          onConfirm={() => save(asked)}
          onCancel={() => setAsked(null)}
        />
      )}
    </Panel>
  );
}
