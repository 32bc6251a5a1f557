import { api } from '@portal/contracts/api-client';
import { registerRequestSchema } from '@portal/contracts/auth';
import { ApiError } from '@portal/contracts/errors';
import { LIMITS } from '@portal/contracts/rules';
import { apiErrorKey } from '@portal/web-kit/api-errors';
import { currentLanguage } from '@portal/web-kit/i18n';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import styles from '../../../components/form.module.css';
import { PasswordField } from '../../../components/password-field.tsx';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { AUTH_NAMESPACE } from '../../../lib/i18n.ts';
import type { PortalSession } from '../../../lib/session.ts';
import { fieldCodes } from '../../../lib/validation.ts';

type Field = 'name' | 'email' | 'password';
const EMPTY: Record<Field, string> = { name: '', email: '', password: '' };

/**
 * Name, e-mail and password, checked with the same rules as the server; submit stays disabled until all
 * three are valid. A successful registration signs the new user in.
 */
export function RegisterForm({ session }: { session: PortalSession }) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverCodes, setServerCodes] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const result = registerRequestSchema.safeParse(values);
  const codes = fieldCodes(result);

  const errorOf = (field: Field) => {
    const code = serverCodes[field] ?? (touched[field] ? codes[field] : undefined);
    return code ? t(`validation.${code}`, { ...LIMITS, defaultValue: t('validation.invalid') }) : undefined;
  };

  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    error: errorOf(field),
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      setServerCodes((current) => ({ ...current, [field]: undefined }));
    },
    onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!result.success || submitting) return;
    setSubmitting(true);
    try {
      const user = await api.register({ ...result.data, language: currentLanguage() });
      toast.success(t('register.success'));
      session.signIn(user);
    } catch (error) {
      if (error instanceof ApiError) {
        const fromServer: Partial<Record<Field, string>> = {};
        for (const issue of error.issues) if (issue.path in EMPTY) fromServer[issue.path as Field] = issue.code;
        if (error.code === 'email_taken') fromServer.email = 'email_taken';
        setServerCodes(fromServer);
      }
      toast.error(
        t(
          apiErrorKey(error, 'register.failed', {
            email_taken: 'register.emailTaken',
            validation_failed: 'register.invalid',
          }),
        ),
      );
      setSubmitting(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <TextField label={t('fields.name')} autoComplete="name" {...bind('name')} />
      <TextField label={t('fields.email')} type="email" autoComplete="email" inputMode="email" {...bind('email')} />
      <PasswordField
        label={t('fields.password')}
        autoComplete="new-password"
        hint={t('password.requirements', LIMITS)}
        {...bind('password')}
      />
      <PasswordStrengthMeter password={values.password} name={values.name} email={values.email} />
      <SubmitButton
        label={t('register.submit')}
        loadingLabel={t('register.submitting')}
        loading={submitting}
        disabled={!result.success}
      />
    </form>
  );
}
