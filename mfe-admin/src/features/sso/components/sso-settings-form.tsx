import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@portal/contracts/errors';
import {
  SSO_LIMITS,
  SSO_TEST_CHANNEL,
  SSO_TEST_START_PATH,
  type SsoSettings,
  ssoSettingsRequestSchema,
} from '@portal/contracts/sso-settings';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import { useEffect, useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { FormAlert } from '@portal/web-kit/form-alert';
import formStyles from '@portal/web-kit/styles/form.module.css';
import panel from '@portal/web-kit/styles/panel.module.css';
import { Panel } from '@portal/web-kit/panel';
import { SubmitButton } from '@portal/web-kit/submit-button';
import { TextField } from '@portal/web-kit/text-field';
import { DIRECTORY_NAMESPACES, useDirectoryTranslation } from '../../../lib/directory-i18n.ts';
import { useFailureText } from '@portal/web-kit/failure-text';
import { useSaveSsoSettings, useSsoSettings, useSsoTestResult } from '../sso-queries.ts';
import { SsoTestResultView } from './sso-test-result.tsx';

const listOf = (text: string) =>
  text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);

const { adminGroups, allowedDomains } = ssoSettingsRequestSchema.shape;

/** The form as typed: the request's fields but `enabled` (each button says it), the lists as comma-separated text. */
const ssoFormSchema = z.extend(z.omit(ssoSettingsRequestSchema, { enabled: true }), {
  adminGroups: z.pipe(z.pipe(z.string(), z.transform(listOf)), adminGroups),
  allowedDomains: z.pipe(z.pipe(z.string(), z.transform(listOf)), allowedDomains),
});
type SsoFormInput = z.input<typeof ssoFormSchema>;
type SsoFormValues = z.output<typeof ssoFormSchema>;
type FieldName = keyof SsoFormInput;

const valuesOf = (settings: SsoSettings): SsoFormInput => ({
  issuerUrl: settings.issuerUrl,
  clientId: settings.clientId,
  clientSecret: '',
  displayName: settings.displayName,
  adminGroups: settings.adminGroups.join(', '),
  allowedDomains: settings.allowedDomains.join(', '),
  passwordSignIn: settings.passwordSignIn,
});

/** The field an issue's path names (`allowedDomains.2` is the domains' field). */
const fieldOf = (path: string) => path.split('.')[0] as FieldName;

/** A list's problem sits at one of its entries (`allowedDomains.2`): the first one found, or the field's own. */
function codeOf(error: FieldError | Record<string, FieldError | undefined> | undefined): string | undefined {
  if (!error) return undefined;
  if (typeof error.message === 'string') return error.message;
  return Object.values(error as Record<string, FieldError | undefined>).find((entry) => entry?.message)?.message;
}

/**
 * The company's OpenID Connect provider: entered and saved, tested in a popup (the claims it sends and the account
 * they map to), then switched on. Read-only when the environment configures it, and testable there too.
 */
export function SsoSettingsForm() {
  const { t } = useDirectoryTranslation();
  const settings = useSsoSettings();
  if (settings.error) return <LoadFailure error={settings.error} />;
  if (!settings.data) return <p role="status">{t('sso.loading')}</p>;
  return <SsoSettingsPanel settings={settings.data} />;
}

function LoadFailure({ error }: { error: unknown }) {
  const failureText = useFailureText(DIRECTORY_NAMESPACES);
  return <FormAlert message={failureText(error, 'sso.loadFailed')} />;
}

function SsoSettingsPanel({ settings }: { settings: SsoSettings }) {
  const { t } = useDirectoryTranslation();
  const failureText = useFailureText(DIRECTORY_NAMESPACES);
  const saveSettings = useSaveSsoSettings();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'test' | 'switch' | null>(null);
  const [testsBack, setTestsBack] = useState(0);
  const testResult = useSsoTestResult(testsBack);
  const readOnly = settings.source === 'environment';
  const { register, handleSubmit, formState, setError, resetField } = useForm<SsoFormInput, unknown, SsoFormValues>({
    resolver: zodResolver(ssoFormSchema),
    defaultValues: valuesOf(settings),
  });

  // The popup of a test says on this channel that it is back; the result is read from the session.
  useEffect(() => {
    const channel = new BroadcastChannel(SSO_TEST_CHANNEL);
    channel.onmessage = () => setTestsBack((count) => count + 1);
    return () => channel.close();
  }, []);

  /** Saves the form with `enabled`; answers whether it was saved (problems are shown beside their fields). */
  const save = async (values: SsoFormValues, enabled: boolean): Promise<boolean> => {
    setFailure(null);
    try {
      await saveSettings.mutateAsync({ ...values, enabled });
      resetField('clientSecret', { defaultValue: '' });
      return true;
    } catch (error) {
      if (error instanceof ApiError)
        for (const issue of error.issues) setError(fieldOf(issue.path), { message: issue.code });
      setFailure(failureText(error, 'sso.saveFailed', { sso_from_environment: 'sso.fromEnvironment' }));
      return false;
    }
  };

  const run = async (action: 'save' | 'test' | 'switch', work: () => Promise<void>) => {
    if (busy) return;
    setBusy(action);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  };

  const startTest = (popup: Window | null) => {
    if (popup) popup.location.href = SSO_TEST_START_PATH;
    else window.location.assign(SSO_TEST_START_PATH);
  };

  // Opened at once, while the click still counts as the user's: a popup opened after the save would be blocked.
  const test = () => {
    const popup = window.open('', 'portal-sso-test', 'popup,width=560,height=720');
    // The environment's provider is tested as it is: there is nothing to save first.
    if (readOnly) return startTest(popup);
    void handleSubmit(
      (values) =>
        run('test', async () => {
          if (await save(values, settings.enabled)) startTest(popup);
          else popup?.close();
        }),
      () => popup?.close(),
    )();
  };

  const submitWith = (action: 'save' | 'switch', enabled: boolean) =>
    handleSubmit((values) => run(action, async () => void (await save(values, enabled))));

  const fieldProps = (name: Exclude<FieldName, 'passwordSignIn'>) => {
    const code = codeOf(formState.errors[name] as FieldError | undefined);
    const max = SSO_LIMITS[`${name}Max` as keyof typeof SSO_LIMITS];
    return { ...register(name), readOnly, error: code && t(`sso.errors.${code}`, { max }) };
  };

  return (
    <>
      <Panel title={t('sso.providerTitle')} intro={readOnly ? t('sso.fromEnvironment') : t('sso.intro')}>
        <dl className={panel.details}>
          <dt>{t('sso.redirectUri')}</dt>
          <dd>
            <code>{settings.redirectUri}</code>
          </dd>
          <dt>{t('sso.postLogoutRedirectUri')}</dt>
          <dd>
            <code>{settings.postLogoutRedirectUri}</code>
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
        <form
          className={formStyles.form}
          onSubmit={(event) => void submitWith('save', settings.enabled)(event)}
          noValidate
        >
          <FormAlert message={failure} />
          <TextField label={t('sso.issuerUrl')} hint={t('sso.issuerUrlHint')} type="url" {...fieldProps('issuerUrl')} />
          <TextField label={t('sso.clientId')} autoComplete="off" {...fieldProps('clientId')} />
          {!readOnly && (
            <TextField
              label={t('sso.clientSecret')}
              hint={t(settings.hasClientSecret ? 'sso.clientSecretKept' : 'sso.clientSecretHint')}
              type="password"
              autoComplete="new-password"
              {...fieldProps('clientSecret')}
            />
          )}
          <TextField label={t('sso.displayName')} hint={t('sso.displayNameHint')} {...fieldProps('displayName')} />
          <TextField label={t('sso.adminGroups')} hint={t('sso.adminGroupsHint')} {...fieldProps('adminGroups')} />
          <TextField
            label={t('sso.allowedDomains')}
            hint={t('sso.allowedDomainsHint')}
            {...fieldProps('allowedDomains')}
          />
          <label className={formStyles.check}>
            <input type="checkbox" disabled={readOnly} {...register('passwordSignIn')} />
            {t('sso.passwordSignIn')}
          </label>
          <div className={formStyles.actions}>
            {!readOnly && (
              <SubmitButton label={t('sso.save')} loadingLabel={t('sso.saving')} loading={busy === 'save'} />
            )}
            <button type="button" className={buttons.button} onClick={test} disabled={busy !== null}>
              {busy === 'test' ? t('sso.testing') : t('sso.test')}
            </button>
            {settings.source === 'stored' && (
              <button
                type="button"
                className={settings.enabled ? buttons.buttonDanger : buttons.buttonPrimary}
                onClick={(event) => void submitWith('switch', !settings.enabled)(event)}
                disabled={busy !== null}
              >
                {settings.enabled ? t('sso.switchOff') : t('sso.switchOn')}
              </button>
            )}
          </div>
        </form>
      </Panel>
      {testResult.error ? <FormAlert message={failureText(testResult.error, 'sso.testFailed')} /> : null}
      {testResult.data && <SsoTestResultView result={testResult.data} />}
    </>
  );
}
