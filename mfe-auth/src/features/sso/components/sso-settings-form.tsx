import { api } from '@portal/contracts/api-client';
import { ApiError } from '@portal/contracts/errors';
import {
  SSO_CALLS,
  SSO_LIMITS,
  SSO_TEST_CHANNEL,
  SSO_TEST_START_PATH,
  type SsoSettings,
  type SsoSettingsRequest,
  type SsoTestResult,
  ssoSettingsRequestSchema,
} from '@portal/contracts/sso-settings';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import { type FormEvent, useEffect, useState } from 'react';
import { whileCurrent } from '@portal/web-kit/while-current';
import { FormAlert } from '../../../components/form-alert.tsx';
import formStyles from '../../../components/form.module.css';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useFailureText } from '../../../lib/failure-text.ts';
import { ADMIN_NAMESPACE, useAdminTranslation } from '../../../lib/admin-i18n.ts';
import panel from '../../../components/panel.module.css';
import { SsoTestResultView } from './sso-test-result.tsx';
import { Panel } from '../../../components/panel.tsx';

type TextFieldName = 'issuerUrl' | 'clientId' | 'clientSecret' | 'displayName' | 'adminGroups' | 'allowedDomains';
type Fields = Record<TextFieldName, string> & { passwordSignIn: boolean };

const listOf = (text: string) =>
  text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);

const fieldsOf = (settings: SsoSettings): Fields => ({
  issuerUrl: settings.issuerUrl,
  clientId: settings.clientId,
  clientSecret: '',
  displayName: settings.displayName,
  adminGroups: settings.adminGroups.join(', '),
  allowedDomains: settings.allowedDomains.join(', '),
  passwordSignIn: settings.passwordSignIn,
});

/** The field an issue's path names (`allowedDomains.2` is the domains' field). */
const fieldOf = (path: string) => path.split('.')[0] as TextFieldName;

/**
 * The company's OpenID Connect provider: entered and saved, tested in a popup (the claims it sends and the account
 * they map to), then switched on. Read-only when the environment configures it.
 */
export function SsoSettingsForm() {
  const { t } = useAdminTranslation();
  const failureText = useFailureText(ADMIN_NAMESPACE);
  const [settings, setSettings] = useState<SsoSettings | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [fields, setFields] = useState<Fields | null>(null);
  const [errors, setErrors] = useState<Partial<Record<TextFieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'test' | 'switch' | null>(null);
  const [testResult, setTestResult] = useState<SsoTestResult | null>(null);

  useEffect(
    () =>
      whileCurrent(
        api.send(SSO_CALLS.getSsoSettings),
        (answer) => {
          setSettings(answer);
          setFields(fieldsOf(answer));
        },
        setLoadError,
      ),
    [],
  );

  // The popup of a test says on this channel that it is back; the result is read from the session.
  useEffect(() => {
    const channel = new BroadcastChannel(SSO_TEST_CHANNEL);
    channel.onmessage = () => {
      api
        .send(SSO_CALLS.getSsoTestResult)
        .then(setTestResult, (error: unknown) => setFailure(failureText(error, 'sso.testFailed')));
    };
    return () => channel.close();
  }, [failureText]);

  if (loadError) return <FormAlert message={failureText(loadError, 'sso.loadFailed')} />;
  if (!settings || !fields) return <p role="status">{t('sso.loading')}</p>;
  const readOnly = settings.source === 'environment';

  const set = (name: TextFieldName) => ({
    value: fields[name],
    error:
      errors[name] && t(`sso.errors.${errors[name]}`, { max: SSO_LIMITS[`${name}Max` as keyof typeof SSO_LIMITS] }),
    readOnly,
    onChange: (event: { target: { value: string } }) => setFields({ ...fields, [name]: event.target.value }),
  });

  /** Saves the form with `enabled`; answers whether it was saved (problems are shown beside their fields). */
  async function save(enabled: boolean): Promise<boolean> {
    if (!fields) return false;
    const request: SsoSettingsRequest = {
      ...fields,
      adminGroups: listOf(fields.adminGroups),
      allowedDomains: listOf(fields.allowedDomains),
      enabled,
    };
    const parsed = ssoSettingsRequestSchema.safeParse(request);
    const issues = parsed.success
      ? []
      : parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), code: issue.message }));
    setErrors(Object.fromEntries(issues.map((issue) => [fieldOf(issue.path), issue.code])));
    setFailure(null);
    if (!parsed.success) return false;
    try {
      const saved = await api.send(SSO_CALLS.saveSsoSettings, { body: parsed.data });
      setSettings(saved);
      setFields({ ...fields, clientSecret: '' });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.issues.length > 0)
        setErrors(Object.fromEntries(error.issues.map((issue) => [fieldOf(issue.path), issue.code])));
      setFailure(failureText(error, 'sso.saveFailed', { sso_from_environment: 'sso.fromEnvironment' }));
      return false;
    }
  }

  const run = async (action: 'save' | 'test' | 'switch', work: () => Promise<void>) => {
    if (busy) return;
    setBusy(action);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run('save', async () => {
      await save(settings.enabled);
    });
  };

  // Opened at once, while the click still counts as the user's: a popup opened after the save would be blocked.
  const test = () => {
    const popup = window.open('', 'portal-sso-test', 'popup,width=560,height=720');
    void run('test', async () => {
      setTestResult(null);
      if (!(await save(settings.enabled))) {
        popup?.close();
        return;
      }
      if (popup) popup.location.href = SSO_TEST_START_PATH;
      else window.location.assign(SSO_TEST_START_PATH);
    });
  };

  const switchTo = (enabled: boolean) => void run('switch', async () => void (await save(enabled)));

  return (
    <>
      <Panel title={t('sso.providerTitle')} intro={readOnly ? t('sso.fromEnvironment') : t('sso.intro')}>
        <dl className={panel.details}>
          <dt>{t('sso.redirectUri')}</dt>
          <dd>
            <code>{settings.redirectUri}</code>
          </dd>
          <dt>{t('sso.status')}</dt>
          <dd>
            {t(settings.source === 'none' ? 'sso.statusNone' : settings.enabled ? 'sso.statusOn' : 'sso.statusOff')}
          </dd>
          {readOnly && (
            <>
              <dt>{t('sso.clientSecret')}</dt>
              <dd>{t(settings.hasClientSecret ? 'sso.clientSecretEnvironment' : 'sso.clientSecretNone')}</dd>
            </>
          )}
        </dl>
        {settings.warnings.length > 0 && (
          <div className={formStyles.problem} role="note" aria-label={t('sso.warningsTitle')}>
            <strong>{t('sso.warningsTitle')}</strong>
            <ul>
              {settings.warnings.map((warning) => (
                <li key={warning}>{t(`sso.warnings.${warning}`)}</li>
              ))}
            </ul>
          </div>
        )}
        <form className={formStyles.form} onSubmit={submit} noValidate>
          <FormAlert message={failure} />
          <TextField label={t('sso.issuerUrl')} hint={t('sso.issuerUrlHint')} type="url" {...set('issuerUrl')} />
          <TextField label={t('sso.clientId')} autoComplete="off" {...set('clientId')} />
          {!readOnly && (
            <TextField
              label={t('sso.clientSecret')}
              hint={t(settings.hasClientSecret ? 'sso.clientSecretKept' : 'sso.clientSecretHint')}
              type="password"
              autoComplete="new-password"
              {...set('clientSecret')}
            />
          )}
          <TextField label={t('sso.displayName')} hint={t('sso.displayNameHint')} {...set('displayName')} />
          <TextField label={t('sso.adminGroups')} hint={t('sso.adminGroupsHint')} {...set('adminGroups')} />
          <TextField label={t('sso.allowedDomains')} hint={t('sso.allowedDomainsHint')} {...set('allowedDomains')} />
          <label className={formStyles.check}>
            <input
              type="checkbox"
              checked={fields.passwordSignIn}
              disabled={readOnly}
              onChange={(event) => setFields({ ...fields, passwordSignIn: event.target.checked })}
            />
            {t('sso.passwordSignIn')}
          </label>
          {!readOnly && (
            <div className={formStyles.actions}>
              <SubmitButton label={t('sso.save')} loadingLabel={t('sso.saving')} loading={busy === 'save'} />
              <button type="button" className={buttons.button} onClick={test} disabled={busy !== null}>
                {busy === 'test' ? t('sso.testing') : t('sso.test')}
              </button>
              {settings.source === 'stored' && (
                <button
                  type="button"
                  className={settings.enabled ? buttons.buttonDanger : buttons.buttonPrimary}
                  onClick={() => switchTo(!settings.enabled)}
                  disabled={busy !== null}
                >
                  {settings.enabled ? t('sso.switchOff') : t('sso.switchOn')}
                </button>
              )}
            </div>
          )}
        </form>
      </Panel>
      {testResult && <SsoTestResultView result={testResult} />}
    </>
  );
}
