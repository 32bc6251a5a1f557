import { zodResolver } from '@hookform/resolvers/zod';
import { type ScimToken, type ScimTokenCreated, scimTokenRequestSchema } from '@portal/contracts/scim';
import { formatDate } from '@portal/web-kit/format';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import hidden from '@portal/web-kit/styles/visually-hidden.module.css';
import { TableHead } from '@portal/web-kit/table-head';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod/mini';
import { FormAlert } from '@portal/web-kit/form-alert';
import formStyles from '@portal/web-kit/styles/form.module.css';
import panel from '@portal/web-kit/styles/panel.module.css';
import { Panel } from '@portal/web-kit/panel';
import { SubmitButton } from '@portal/web-kit/submit-button';
import { TextField } from '@portal/web-kit/text-field';
import { DIRECTORY_NAMESPACES, useDirectoryTranslation } from '../../../lib/directory-i18n.ts';
import { useFailureText } from '@portal/web-kit/failure-text';
import { useCreateScimToken, useRevokeScimToken, useScimTokens } from '../scim-queries.ts';
import styles from './scim-tokens.module.css';

const LABEL_MAX = 100;
/** The texts of the label's problems, by the schema's codes. */
const LABEL_PROBLEMS: Readonly<Record<string, string>> = {
  label_required: 'scim.labelRequired',
  label_too_long: 'scim.labelTooLong',
};

/**
 * The directory's address and its bearer tokens: generate one (its secret shown once, here only, with a button
 * to copy it), see when each was last used, revoke one; SCIM_TOKEN listed when the environment sets it.
 */
export function ScimTokens() {
  const { t } = useDirectoryTranslation();
  const failureText = useFailureText(DIRECTORY_NAMESPACES);
  const list = useScimTokens();
  const createToken = useCreateScimToken();
  const revokeToken = useRevokeScimToken();
  const [created, setCreated] = useState<ScimTokenCreated | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<
    z.input<typeof scimTokenRequestSchema>,
    unknown,
    z.output<typeof scimTokenRequestSchema>
  >({ resolver: zodResolver(scimTokenRequestSchema), defaultValues: { label: '' } });
  const labelProblem = formState.errors.label?.message;

  // A failure is shown above the form (createToken.error), which keeps the label.
  const generate = handleSubmit(({ label }) =>
    createToken.mutate(label, {
      onSuccess: (answer) => {
        setCreated(answer);
        reset();
      },
    }),
  );

  const revoke = (token: ScimToken) =>
    revokeToken.mutate(token.id, {
      onSuccess: () => {
        toast.success(t('scim.revoked', { label: token.label }));
        if (created?.token.id === token.id) setCreated(null);
      },
      onError: (error) => toast.error(failureText(error, 'scim.revokeFailed')),
    });

  const tokens = list.data?.tokens ?? [];
  const environmentToken = list.data?.environmentToken ?? false;

  return (
    <>
      <Panel title={t('scim.connectionTitle')} intro={t('scim.connectionIntro')}>
        {list.data && (
          <dl className={panel.details}>
            <dt>{t('scim.baseUrl')}</dt>
            <dd>
              <code>{list.data.baseUrl}</code>
            </dd>
          </dl>
        )}
      </Panel>

      <Panel title={t('scim.generateTitle')}>
        <form className={formStyles.form} onSubmit={(event) => void generate(event)} noValidate>
          <FormAlert message={createToken.error ? failureText(createToken.error, 'scim.generateFailed') : null} />
          <TextField
            label={t('scim.label')}
            hint={t('scim.labelHint')}
            error={labelProblem && t(LABEL_PROBLEMS[labelProblem] ?? 'scim.labelRequired', { max: LABEL_MAX })}
            maxLength={LABEL_MAX + 20}
            {...register('label')}
          />
          <SubmitButton
            label={t('scim.generate')}
            loadingLabel={t('scim.generating')}
            loading={createToken.isPending}
          />
        </form>
        {created && <NewSecret created={created} />}
      </Panel>

      <Panel title={t('scim.tokensTitle')}>
        <FormAlert message={list.error ? failureText(list.error, 'scim.loadFailed') : null} />
        {list.data && tokens.length === 0 && !environmentToken && <p className={panel.intro}>{t('scim.none')}</p>}
        {(tokens.length > 0 || environmentToken) && (
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
              {environmentToken && (
                <tr>
                  <td>
                    <code>SCIM_TOKEN</code>
                  </td>
                  <td>{t('scim.fromEnvironment')}</td>
                  <td>{t('scim.notRecorded')}</td>
                  <td>{t('scim.changedInEnvironment')}</td>
                </tr>
              )}
              {tokens.map((token) => (
                <tr key={token.id}>
                  <td>{token.label}</td>
                  <td>{formatDate(token.createdAt)}</td>
                  <td>{token.lastUsedAt ? formatDate(token.lastUsedAt) : t('scim.neverUsed')}</td>
                  <td>
                    <button type="button" className={styles.revoke} onClick={() => revoke(token)}>
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

/** The secret of a token just generated, shown once, with a button that copies it. */
function NewSecret({ created }: { created: ScimTokenCreated }) {
  const { t } = useDirectoryTranslation();
  const [copy, setCopy] = useState<'copied' | 'refused' | null>(null);

  // Without a secure context (plain http) there is no clipboard: the same message as a refusal.
  const copySecret = () =>
    (navigator.clipboard?.writeText(created.secret) ?? Promise.reject(new Error('no clipboard'))).then(
      () => setCopy('copied'),
      () => setCopy('refused'),
    );

  return (
    <div className={styles.secret}>
      <p role="status">{t('scim.shownOnce', { label: created.token.label })}</p>
      <code className={styles.secretValue} aria-label={t('scim.secret')}>
        {created.secret}
      </code>
      <div className={styles.copy}>
        <button type="button" className={buttons.button} onClick={() => void copySecret()}>
          {t('scim.copy')}
        </button>
        <span role="status">
          {copy === 'copied' ? t('scim.copied') : copy === 'refused' ? t('scim.copyRefused') : ''}
        </span>
      </div>
    </div>
  );
}
