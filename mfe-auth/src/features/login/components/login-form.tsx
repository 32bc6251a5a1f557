import { api } from '@portal/contracts/api-client';
import { loginRequestSchema } from '@portal/contracts/auth';

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { EmailField } from '../../../components/email-field.tsx';
import { FormWithAlert } from '@portal/web-kit/form-alert';
import styles from '@portal/web-kit/styles/form.module.css';
import { PasswordField } from '../../../components/password-field.tsx';
import { SubmitButton } from '@portal/web-kit/submit-button';
import { pages } from '@portal/contracts/pages';
import { useFailureText } from '../../../lib/failure-text.ts';
import { AUTH_NAMESPACE } from '../../../lib/i18n.ts';
import type { PortalSession } from '@portal/contracts/pages';
import { useFormFields } from '../../../lib/use-form-fields.ts';
import { fieldCodes, useValidationText } from '@portal/web-kit/validation';
import { useSending } from '../../../lib/use-sending.ts';

type Field = 'email' | 'password';
const EMPTY: Record<Field, string> = { email: '', password: '' };

/** What a refused sign-in says, by the error's code. */
const FAILURES = {
  invalid_credentials: 'login.wrongCredentials',
  account_deactivated: 'login.accountDeactivated',
  account_pending: 'login.accountPending',
  password_sign_in_off: 'login.sso.passwordSignInOff',
};

/**
 * E-mail and password; on success the shell learns who signed in (and the page moves on to the dashboard).
 * The button is always enabled: a form sent incomplete says under each field what is missing; a refused sign-in
 * says why inside the form.
 */
export function LoginForm({ session }: { session: PortalSession }) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const fields = useFormFields(EMPTY);
  const validationText = useValidationText(AUTH_NAMESPACE);
  const { submitting, failure, send } = useSending({ staysBusy: true });
  const failureText = useFailureText();
  const { email, password } = fields.values;
  const codes = fieldCodes(loginRequestSchema.safeParse({ email, password }));
  const errorOf = (field: Field) => validationText(fields.triedToSend ? codes[field] : undefined);

  const submit = async () => {
    if (codes.email || codes.password) {
      fields.showErrors();
      return;
    }
    await send(
      async () => {
        const user = await api.login({
          body: { email: email.trim(), password, language: session.languageChosenBeforeSignIn() },
        });
        toast.success(t('login.success', { name: user.name }));
        session.signIn(user);
      },
      (error) => failureText(error, 'login.failed', FAILURES),
    );
  };

  return (
    <FormWithAlert failure={failure} onSubmit={submit}>
      <EmailField autoComplete="username" {...fields.bind('email', errorOf('email'))} />
      <PasswordField
        label={t('fields.password')}
        autoComplete="current-password"
        {...fields.bind('password', errorOf('password'))}
      />
      <div className={styles.row}>
        <Link to={pages.requestReset.getHref()}>{t('login.forgotPassword')}</Link>
      </div>
      <SubmitButton label={t('login.submit')} loadingLabel={t('login.submitting')} loading={submitting} />
    </FormWithAlert>
  );
}
