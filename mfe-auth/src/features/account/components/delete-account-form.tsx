import { api } from '@portal/contracts/api-client';
import type { User } from '@portal/contracts/auth';
import { ApiError } from '@portal/contracts/errors';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import formStyles from '../../../components/form.module.css';
import { PasswordField } from '../../../components/password-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { apiErrorKey } from '@portal/web-kit/api-errors';
import { AUTH_NAMESPACE } from '../../../lib/i18n.ts';
import type { PortalSession } from '../../../lib/session.ts';
import styles from './account.module.css';

type Field = 'password' | 'confirmation';

/** What the user types to confirm: their own e-mail address, which reads the same in every language. */
const confirms = (typed: string, user: User) => typed.trim().toLowerCase() === user.email.toLowerCase();

/**
 * Deletes the account for good with the password and the e-mail address typed as confirmation; then the
 * browser is signed out (the server has ended every session) and the login page follows.
 */
export function DeleteAccountForm({ user, session }: { user: User; session: PortalSession }) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const navigate = useNavigate();
  const headingId = useId();
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirmation: '' });
  const [triedToSend, setTriedToSend] = useState(false);
  const [passwordWrong, setPasswordWrong] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const problems: Partial<Record<Field, string>> = {
    password: values.password ? undefined : t('validation.password_required'),
    confirmation: confirms(values.confirmation, user) ? undefined : t('account.delete.confirmationMismatch'),
  };
  const errorOf = (field: Field) => {
    if (field === 'password' && passwordWrong) return t('validation.current_password_wrong');
    return triedToSend ? problems[field] : undefined;
  };

  const bind = (field: Field) => ({
    name: `delete-${field}`,
    value: values[field],
    error: errorOf(field),
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      if (field === 'password') setPasswordWrong(false);
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (problems.password || problems.confirmation) {
      setTriedToSend(true);
      return;
    }
    setSubmitting(true);
    try {
      await api.deleteAccount({ password: values.password });
      toast.success(t('account.delete.done'));
      await session.signOut();
      void navigate(paths.login.getHref(), { replace: true });
    } catch (error) {
      setPasswordWrong(error instanceof ApiError && error.code === 'invalid_credentials');
      toast.error(
        t(apiErrorKey(error, 'account.delete.failed', { invalid_credentials: 'validation.current_password_wrong' })),
      );
      setSubmitting(false);
    }
  };

  return (
    <section className={`${styles.section} ${styles.danger}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('account.delete.title')}
      </h2>
      <p className={styles.intro}>{t('account.delete.intro')}</p>
      <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
        <PasswordField label={t('fields.password')} autoComplete="current-password" {...bind('password')} />
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
      </form>
    </section>
  );
}
