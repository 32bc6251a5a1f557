import { api } from '@portal/contracts/api-client';
import { isValidEmail, LIMITS } from '@portal/contracts/rules';
import { useState } from 'react';
import { EmailField } from '../../../components/email-field.tsx';
import { FormWithAlert } from '@portal/web-kit/form-alert';
import styles from '@portal/web-kit/styles/form.module.css';
import { SubmitButton } from '@portal/web-kit/submit-button';
import { useFailureText } from '../../../lib/failure-text.ts';
import { ACCOUNT_NAMESPACE, useAccountTranslation } from '../../../lib/account-i18n.ts';
import { useFormFields } from '../../../lib/use-form-fields.ts';
import { useSending } from '../../../lib/use-sending.ts';

/**
 * Asks for a reset link. The answer is the same whether or not an account exists, and so is the message,
 * so the form tells nobody which addresses are registered; an address of the company's provider is told, by its
 * domain alone, to sign in through it.
 */
export function RequestResetForm() {
  const { t } = useAccountTranslation();
  const fields = useFormFields({ email: '' });
  const { email } = fields.values;
  const { submitting, failure, send } = useSending();
  const [sent, setSent] = useState(false);
  const failureText = useFailureText(ACCOUNT_NAMESPACE);
  const valid = isValidEmail(email);

  const submit = async () => {
    if (!valid) return;
    await send(
      async () => {
        await api.requestPasswordReset({ body: { email: email.trim() } });
        setSent(true);
      },
      (error) => failureText(error, 'requestReset.failed', { password_sign_in_off: 'companyAccount' }),
    );
  };

  if (sent) {
    return (
      <p className={styles.notice} role="status">
        {t('requestReset.sent', { minutes: LIMITS.resetTokenTtlMinutes })}
      </p>
    );
  }
  return (
    <FormWithAlert failure={failure} onSubmit={submit}>
      <EmailField
        autoComplete="email"
        {...fields.bind('email', fields.touched.email && email && !valid ? t('validation.email_invalid') : undefined)}
      />
      <SubmitButton
        label={t('requestReset.submit')}
        loadingLabel={t('requestReset.submitting')}
        loading={submitting}
        disabled={!valid}
      />
    </FormWithAlert>
  );
}
