import { api } from '@portal/contracts/api-client';
import { SCIM_TOKEN_CALLS, type ScimSettings } from '@portal/contracts/scim';
import { ConfirmDialog } from '@portal/web-kit/confirm-dialog';
import { whileCurrent } from '@portal/web-kit/while-current';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/form-alert.tsx';
import formStyles from '../../../components/form.module.css';
import { Panel } from '../../../components/panel.tsx';
import { ADMIN_NAMESPACE, useAdminTranslation } from '../../../lib/admin-i18n.ts';
import { useFailureText } from '../../../lib/failure-text.ts';

/**
 * Whether the directory may change, deactivate and delete system administrators: off until an administrator
 * switches it on here, each switch confirmed first (the server records it on the audit trail).
 */
export function ScimAdministrators() {
  const { t } = useAdminTranslation();
  const failureText = useFailureText(ADMIN_NAMESPACE);
  const [settings, setSettings] = useState<ScimSettings | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [asked, setAsked] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);

  const [loadError, setLoadError] = useState<unknown>(null);

  useEffect(() => whileCurrent(api.send(SCIM_TOKEN_CALLS.getScimSettings), setSettings, setLoadError), []);

  const save = async (managesAdministrators: boolean) => {
    setSaving(true);
    setFailure(null);
    try {
      setSettings(await api.send(SCIM_TOKEN_CALLS.saveScimSettings, { body: { managesAdministrators } }));
      toast.success(t(managesAdministrators ? 'scim.adminsSwitchedOn' : 'scim.adminsSwitchedOff'));
    } catch (error) {
      setFailure(failureText(error, 'scim.settingsSaveFailed'));
    } finally {
      setSaving(false);
      setAsked(null);
    }
  };

  return (
    <Panel title={t('scim.adminsTitle')} intro={t('scim.adminsIntro')}>
      <FormAlert message={loadError ? failureText(loadError, 'scim.settingsLoadFailed') : failure} />
      <label className={formStyles.check}>
        <input
          type="checkbox"
          checked={settings?.managesAdministrators ?? false}
          disabled={settings === null || saving}
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
          busy={saving}
          tone={asked ? 'danger' : 'primary'}
          onConfirm={() => void save(asked)}
          onCancel={() => setAsked(null)}
        />
      )}
    </Panel>
  );
}
