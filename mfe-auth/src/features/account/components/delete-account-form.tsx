import { api } from '@portal/contracts/api-client';
import type { User } from '@portal/contracts/auth';
import { ApiError } from '@portal/contracts/errors';

import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { FormWithAlert } from '@portal/web-kit/form-alert';
import { PasswordField } from '../../../components/password-field.tsx';
import { SubmitButton } from '@portal/web-kit/submit-button';
import { TextField } from '@portal/web-kit/text-field';
import { pages } from '@portal/contracts/pages';
import { useFailureText } from '../../../lib/failure-text.ts';
import { ACCOUNT_NAMESPACE, useAccountTranslation } from '../../../lib/account-i18n.ts';
import type { PortalSession } from '@portal/contracts/pages';
import { useFormFields } from '../../../lib/use-form-fields.ts';
import { usePortalSetting } from '../../../lib/use-portal-setting.ts';
import { useValidationText } from '@portal/web-kit/validation';
import { AUTH_NAMESPACE } from '../../../lib/i18n.ts';
import styles from './account.module.css';
import { Panel } from '@portal/web-kit/panel';
import { useSending } from '../../../lib/use-sending.ts';

type Field = 'password' | 'confirmation';

/** What the user types to confirm: their own e-mail address, which reads the same in every language. */
const confirms = (typed: string, user: User) => typed.trim().toLowerCase() === user.email.toLowerCase();

/**
 * Deletes the account for good with the password and the e-mail address typed as confirmation (without a password,
 * provider only: the typed address alone, which the server checks); then the browser is signed out (the server has
 * ended every session) and the login page follows.
 */
export function DeleteAccountForm({ user, session }: { user: User; session: PortalSession }) {
  const { t } = useAccountTranslation();
  const navigate = useNavigate();
  const fields = useFormFields<Field>({ password: '', confirmation: '' });
  const { values } = fields;
  const validationText = useValidationText(AUTH_NAMESPACE);
  const { submitting, failure, send } = useSending({ staysBusy: true });
  const failureText = useFailureText(ACCOUNT_NAMESPACE);
  // Unreadable, the stricter promise is not made: the text says only what every setting keeps.
  const kept = usePortalSetting('deletedAccountRecords', 'anonymise');
  const withPassword = user.hasPassword !== false;

  const problems: Partial<Record<Field, string>> = {
    password: !withPassword || values.password ? undefined : t('validation.password_required'),
    confirmation: confirms(values.confirmation, user) ? undefined : t('account.delete.confirmationMismatch'),
  };
  const bind = (field: Field) => ({
    ...fields.bind(
      field,
      validationText(fields.serverCodes[field]) ?? (fields.triedToSend ? problems[field] : undefined),
    ),
    name: `delete-${field}`,
  });

  const submit = async () => {
    if (problems.password || problems.confirmation) {
      fields.showErrors();
      return;
    }
    await send(
      async () => {
        await api.deleteAccount({
          body: withPassword ? { password: values.password } : { email: values.confirmation },
        });
        toast.success(t('account.delete.done'));
        await session.signOut();
        void navigate(pages.login.getHref(), { replace: true });
      },
      (error) => {
        const mismatch = error instanceof ApiError && error.issues.some((issue) => issue.path === 'email');
        fields.setServerCodes(
          error instanceof ApiError && error.code === 'invalid_credentials'
            ? { password: 'current_password_wrong' }
            : mismatch
              ? { confirmation: 'email_confirmation_mismatch' }
              : {},
        );
        return failureText(error, 'account.delete.failed', {
          invalid_credentials: 'validation.current_password_wrong',
          last_admin: 'account.delete.lastAdmin',
        });
      },
    );
  };

  return (
    <Panel title={t('account.delete.title')} intro={t('account.delete.intro')} className={styles.danger}>
      {kept ? <p className={styles.intro}>{t(`account.delete.kept.${kept}`)}</p> : null}
      <FormWithAlert failure={failure} onSubmit={submit}>
        {withPassword ? (
          <PasswordField label={t('fields.password')} autoComplete="current-password" {...bind('password')} />
        ) : null}
        <TextField
          label={t('account.delete.confirmationLabel', { email: user.email })}
          autoComplete="off"
          spellCheck={false}
          {...bind('confirmation')}
        />
        <SubmitButton
          label={t('account.delete.submit')}
          loadingLabel={t('account.delete.submitting')}
          loading={submitting}
          danger
        />
      </FormWithAlert>
    </Panel>
  );
}
