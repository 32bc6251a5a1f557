import { api } from '@portal/contracts/api-client';
import { ApiError } from '@portal/contracts/errors';
import { PASSWORD_MIN_SCORE } from '@portal/contracts/password-strength';
import { isStrongPassword, isValidEmail } from '@portal/contracts/rules';

import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { EmailField } from '../../../components/email-field.tsx';
import { FormWithAlert } from '@portal/web-kit/form-alert';
import { NewPasswordField } from '../../../components/new-password-field.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { SubmitButton } from '@portal/web-kit/submit-button';
import { pages } from '@portal/contracts/pages';
import { useFailureText } from '../../../lib/failure-text.ts';
import { ACCOUNT_NAMESPACE, useAccountTranslation } from '../../../lib/account-i18n.ts';
import { useFormFields } from '../../../lib/use-form-fields.ts';
import { usePasswordScore } from '../../../lib/use-password-score.ts';
import { useSending } from '../../../lib/use-sending.ts';

type Field = 'email' | 'newPassword' | 'confirmation';

/**
 * Sets a new password with the token of the e-mail link; then the user logs in with it. The link names its
 * account (`email`), which is then shown, not asked for; only when the link could not be checked is it typed.
 */
export function ResetPasswordForm({ token, email }: { token: string; email: string | undefined }) {
  const { t } = useAccountTranslation();
  const navigate = useNavigate();
  const fields = useFormFields<Field>({ email: email ?? '', newPassword: '', confirmation: '' });
  const { values } = fields;
  const { submitting, failure, send } = useSending({ staysBusy: true });
  const failureText = useFailureText(ACCOUNT_NAMESPACE);

  const problems: Partial<Record<Field, string>> = {
    email: isValidEmail(values.email) ? undefined : t('validation.email_invalid'),
    newPassword: isStrongPassword(values.newPassword) ? undefined : t('reset.weak'),
    confirmation: values.confirmation === values.newPassword ? undefined : t('reset.mismatch'),
  };
  const score = usePasswordScore(values.newPassword, { email: values.email });
  const valid =
    Object.values(problems).every((problem) => problem === undefined) &&
    score !== undefined &&
    score >= PASSWORD_MIN_SCORE;

  const bind = (field: Field) =>
    fields.bind(field, fields.touched[field] && values[field] ? problems[field] : undefined);

  const submit = async () => {
    if (!valid) return;
    await send(
      async () => {
        await api.resetPassword({ body: { email: values.email.trim(), token, newPassword: values.newPassword } });
        toast.success(t('reset.success'));
        void navigate(pages.login.getHref());
      },
      (error) => {
        const tooWeak = error instanceof ApiError && error.issues.some((issue) => issue.code === 'password_too_weak');
        return tooWeak
          ? t('validation.password_too_weak')
          : failureText(error, 'reset.failed', {
              invalid_token: 'reset.invalidToken',
              password_sign_in_off: 'companyAccount',
            });
      },
    );
  };

  return (
    <FormWithAlert failure={failure} onSubmit={submit}>
      <EmailField autoComplete="username" readOnly={email !== undefined} {...bind('email')} />
      <NewPasswordField label={t('fields.newPassword')} score={score} {...bind('newPassword')} />
      <PasswordField label={t('fields.confirmPassword')} autoComplete="new-password" {...bind('confirmation')} />
      <SubmitButton
        label={t('reset.submit')}
        loadingLabel={t('reset.submitting')}
        loading={submitting}
        disabled={!valid}
      />
    </FormWithAlert>
  );
}
