import { api } from '@portal/contracts/api-client';
import { apiErrorKey } from '@portal/web-kit/api-errors';
import { loginRequestSchema } from '@portal/contracts/auth';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import styles from '../../../components/form.module.css';
import { PasswordField } from '../../../components/password-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { AUTH_NAMESPACE } from '../../../lib/i18n.ts';
import type { PortalSession } from '../../../lib/session.ts';
import { fieldCodes } from '../../../lib/validation.ts';

/**
 * E-mail and password; on success the shell learns who signed in (and the page moves on to the dashboard).
 * The button is always enabled: a form sent incomplete says under each field what is missing.
 */
export function LoginForm({ session }: { session: PortalSession }) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [triedToSend, setTriedToSend] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const codes = fieldCodes(loginRequestSchema.safeParse({ email, password }));
  const errorOf = (field: 'email' | 'password') => {
    const code = triedToSend ? codes[field] : undefined;
    return code ? t(`validation.${code}`, { defaultValue: t('validation.invalid') }) : undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (codes.email || codes.password) {
      setTriedToSend(true);
      return;
    }
    setSubmitting(true);
    try {
      const user = await api.login({
        email: email.trim(),
        password,
        language: session.languageChosenBeforeSignIn(),
      });
      toast.success(t('login.success', { name: user.name }));
      session.signIn(user);
    } catch (error) {
      toast.error(t(apiErrorKey(error, 'login.failed')));
      setSubmitting(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t('fields.email')}
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        value={email}
        error={errorOf('email')}
        onChange={(event) => setEmail(event.target.value)}
      />
      <PasswordField
        label={t('fields.password')}
        name="password"
        autoComplete="current-password"
        value={password}
        error={errorOf('password')}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className={styles.row}>
        <Link to={paths.requestReset.getHref()}>{t('login.forgotPassword')}</Link>
      </div>
      <SubmitButton label={t('login.submit')} loadingLabel={t('login.submitting')} loading={submitting} />
    </form>
  );
}
