import { api } from '@portal/contracts/api-client';
import { registerRequestSchema } from '@portal/contracts/auth';
import { ApiError } from '@portal/contracts/errors';
import { PASSWORD_MIN_SCORE } from '@portal/contracts/password-strength';
import { currentLanguage } from '@portal/web-kit/i18n';
import { useId } from 'react';
import { toast } from 'react-toastify';
import { EmailField } from '../../../components/email-field.tsx';
import { FormWithAlert } from '@portal/web-kit/form-alert';
import styles from '@portal/web-kit/styles/form.module.css';
import { NewPasswordField } from '../../../components/new-password-field.tsx';
import { SubmitButton } from '@portal/web-kit/submit-button';
import { TextField } from '@portal/web-kit/text-field';
import { useFailureText } from '../../../lib/failure-text.ts';
import { ACCOUNT_NAMESPACE, useAccountTranslation } from '../../../lib/account-i18n.ts';
import type { PortalSession } from '@portal/contracts/pages';
import { useFormFields } from '../../../lib/use-form-fields.ts';
import { usePasswordScore } from '../../../lib/use-password-score.ts';
import { fieldCodes, useValidationText } from '@portal/web-kit/validation';
import { AUTH_NAMESPACE } from '../../../lib/i18n.ts';
import { useSending } from '../../../lib/use-sending.ts';

type Field = 'name' | 'email' | 'password';
const EMPTY: Record<Field, string> = { name: '', email: '', password: '' };
const LABELS: Record<Field, string> = { name: 'fields.name', email: 'fields.email', password: 'fields.password' };

/** What a refused registration says, by the error's code. */
const FAILURES = {
  email_taken: 'register.emailTaken',
  email_domain_not_allowed: 'register.domainNotAllowed',
  registration_closed: 'register.closed',
  password_sign_in_off: 'companyAccount',
  validation_failed: 'register.invalid',
};

/**
 * Name, e-mail and password, checked with the same rules as the server; submit stays disabled until all
 * three are valid and the password is judged hard enough to guess, as the server judges it; under it, which rules
 * are still unmet. A successful registration signs the new user in, or (REGISTRATION=domains) sends the mail whose
 * link activates the account: `onMailed`.
 */
export function RegisterForm({ session, onMailed }: { session: PortalSession; onMailed: () => void }) {
  const { t } = useAccountTranslation();
  const fields = useFormFields(EMPTY);
  const validationText = useValidationText(AUTH_NAMESPACE);
  const { submitting, failure, send } = useSending({ staysBusy: true });
  const failureText = useFailureText(ACCOUNT_NAMESPACE);
  const unmetId = useId();
  const result = registerRequestSchema.safeParse(fields.values);
  const codes = fieldCodes(result);
  const score = usePasswordScore(fields.values.password, fields.values);
  const acceptable = result.success && score !== undefined && score >= PASSWORD_MIN_SCORE;
  const bind = (field: Field) =>
    fields.bind(field, validationText(fields.serverCodes[field] ?? (fields.touched[field] ? codes[field] : undefined)));

  const submit = async () => {
    if (!acceptable) return;
    await send(
      async () => {
        const answer = await api.register({ body: { ...result.data, language: currentLanguage() } });
        if (!('id' in answer)) return onMailed();
        toast.success(t('register.success'));
        session.signIn(answer);
      },
      (error) => {
        if (error instanceof ApiError) {
          const fromServer: Partial<Record<Field, string>> = {};
          for (const issue of error.issues) if (issue.path in EMPTY) fromServer[issue.path as Field] = issue.code;
          if (error.code === 'email_taken') fromServer.email = 'email_taken';
          fields.setServerCodes(fromServer);
        }
        return failureText(error, 'register.failed', FAILURES);
      },
    );
  };

  return (
    <FormWithAlert failure={failure} onSubmit={submit}>
      <TextField label={t('fields.name')} autoComplete="name" {...bind('name')} />
      <EmailField autoComplete="email" {...bind('email')} />
      <NewPasswordField label={t('fields.password')} score={score} {...bind('password')} />
      <SubmitButton
        label={t('register.submit')}
        loadingLabel={t('register.submitting')}
        loading={submitting}
        disabled={!acceptable}
        describedBy={acceptable ? undefined : unmetId}
      />
      {!acceptable && (
        <div id={unmetId} className={styles.unmet}>
          <p>{t('register.unmet')}</p>
          <ul>
            {(Object.keys(EMPTY) as Field[])
              .filter((field) => codes[field])
              .map((field) => (
                <li key={field}>
                  {t('register.unmetItem', { field: t(LABELS[field]), problem: validationText(codes[field]) })}
                </li>
              ))}
            {result.success && score !== undefined && (
              <li>
                {t('register.unmetItem', { field: t(LABELS.password), problem: validationText('password_too_weak') })}
              </li>
            )}
          </ul>
        </div>
      )}
    </FormWithAlert>
  );
}
