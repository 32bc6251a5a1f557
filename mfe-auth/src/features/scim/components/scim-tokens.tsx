import { api } from '@portal/contracts/api-client';
import { SCIM_TOKEN_CALLS, type ScimToken, type ScimTokenCreated, type ScimTokenList } from '@portal/contracts/scim';
import { formatDate } from '@portal/web-kit/format';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/form-alert.tsx';
import formStyles from '../../../components/form.module.css';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useFailureText } from '../../../lib/failure-text.ts';
import { ADMIN_NAMESPACE, useAdminTranslation } from '../../../lib/admin-i18n.ts';
import hidden from '@portal/web-kit/styles/visually-hidden.module.css';
import { TableHead } from '@portal/web-kit/table-head';
import { whileCurrent } from '@portal/web-kit/while-current';
import panel from '../../../components/panel.module.css';
import styles from './scim-tokens.module.css';
import { Panel } from '../../../components/panel.tsx';

const LABEL_MAX = 100;

/**
 * The directory's address and its bearer tokens: generate one (its secret shown once, here only), see when each
 * was last used, revoke one.
 */
export function ScimTokens() {
  const { t } = useAdminTranslation();
  const failureText = useFailureText(ADMIN_NAMESPACE);
  const [list, setList] = useState<ScimTokenList | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [reloads, setReloads] = useState(0);
  const [label, setLabel] = useState('');
  const [labelError, setLabelError] = useState<string | undefined>();
  const [creating, setCreating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<ScimTokenCreated | null>(null);
  const reload = () => setReloads((count) => count + 1);

  useEffect(
    () =>
      whileCurrent(
        api.send(SCIM_TOKEN_CALLS.listScimTokens),
        (answer) => {
          setList(answer);
          setLoadError(null);
        },
        setLoadError,
      ),
    [reloads],
  );

  const generate = async (event: FormEvent) => {
    event.preventDefault();
    if (creating) return;
    const trimmed = label.trim();
    const problem = !trimmed ? 'scim.labelRequired' : trimmed.length > LABEL_MAX ? 'scim.labelTooLong' : undefined;
    setLabelError(problem && t(problem, { max: LABEL_MAX }));
    if (problem) return;
    setCreating(true);
    setFailure(null);
    try {
      setCreated(await api.send(SCIM_TOKEN_CALLS.createScimToken, { body: { label: trimmed } }));
      setLabel('');
      reload();
    } catch (error) {
      setFailure(failureText(error, 'scim.generateFailed'));
    } finally {
      setCreating(false);
    }
  };

  const revoke = async (token: ScimToken) => {
    try {
      await api.send(SCIM_TOKEN_CALLS.revokeScimToken, { params: { id: token.id } });
      toast.success(t('scim.revoked', { label: token.label }));
      if (created?.token.id === token.id) setCreated(null);
      reload();
    } catch (error) {
      toast.error(failureText(error, 'scim.revokeFailed'));
    }
  };

  return (
    <>
      <Panel title={t('scim.connectionTitle')} intro={t('scim.connectionIntro')}>
        {list && (
          <dl className={panel.details}>
            <dt>{t('scim.baseUrl')}</dt>
            <dd>
              <code>{list.baseUrl}</code>
            </dd>
          </dl>
        )}
      </Panel>

      <Panel title={t('scim.generateTitle')}>
        <form className={formStyles.form} onSubmit={(event) => void generate(event)} noValidate>
          <FormAlert message={failure} />
          <TextField
            label={t('scim.label')}
            hint={t('scim.labelHint')}
            value={label}
            error={labelError}
            maxLength={LABEL_MAX + 20}
            onChange={(event) => setLabel(event.target.value)}
          />
          <SubmitButton label={t('scim.generate')} loadingLabel={t('scim.generating')} loading={creating} />
        </form>
        {created && (
          <div className={styles.secret} role="status">
            <p>{t('scim.shownOnce', { label: created.token.label })}</p>
            <code className={styles.secretValue} aria-label={t('scim.secret')}>
              {created.secret}
            </code>
          </div>
        )}
      </Panel>

      <Panel title={t('scim.tokensTitle')}>
        <FormAlert message={loadError ? failureText(loadError, 'scim.loadFailed') : null} />
        {list && list.tokens.length === 0 && <p className={panel.intro}>{t('scim.none')}</p>}
        {list && list.tokens.length > 0 && (
          <table className={styles.table}>
            <TableHead
              columns={[
                t('scim.label'),
                t('scim.created'),
                t('scim.lastUsed'),
                <span className={hidden.visuallyHidden}>{t('scim.actions')}</span>,
              ]}
            />
            <tbody>
              {list.tokens.map((token) => (
                <tr key={token.id}>
                  <td>{token.label}</td>
                  <td>{formatDate(token.createdAt)}</td>
                  <td>{token.lastUsedAt ? formatDate(token.lastUsedAt) : t('scim.neverUsed')}</td>
                  <td>
                    <button type="button" className={styles.revoke} onClick={() => void revoke(token)}>
                      {t('scim.revoke', { label: token.label })}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Panel>
    </>
  );
}
