import { api } from '@portal/contracts/api-client';
import { apiErrorKey } from '@portal/web-kit/api-errors';
import { isValidEmail, LIMITS } from '@portal/contracts/rules';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import styles from '../../../components/form.module.css';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { AUTH_NAMESPACE } from '../../../lib/i18n.ts';

/**
 * Asks for a reset link. The answer is the same whether or not an account exists, and so is the message,
 * so the form tells nobody which addresses are registered.
 */
export function RequestResetForm() {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);
  const valid = isValidEmail(email);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || submitting) return;
    setSubmitting(true);
    try {
      await api.requestPasswordReset(email.trim());
      setSent(true);
    } catch (error) {
      toast.error(t(apiErrorKey(error, 'requestReset.failed')));
    } finally {
      setSubmitting(false);
    }
  };

  if (sent) {
    return (
      <p className={styles.notice} role="status">
        {t('requestReset.sent', { minutes: LIMITS.resetTokenTtlMinutes })}
      </p>
    );
  }
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t('fields.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        error={touched && email && !valid ? t('validation.email_invalid') : undefined}
        onChange={(event) => setEmail(event.target.value)}
        onBlur={() => setTouched(true)}
      />
      <SubmitButton
        label={t('requestReset.submit')}
        loadingLabel={t('requestReset.submitting')}
        loading={submitting}
        disabled={!valid}
      />
    </form>
  );
}
