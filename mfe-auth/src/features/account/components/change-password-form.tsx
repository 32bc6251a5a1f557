import { api } from '@portal/contracts/api-client';
import type { User } from '@portal/contracts/auth';
import { changePasswordRequestSchema } from '@portal/contracts/auth';
import { ApiError } from '@portal/contracts/errors';
import { LIMITS } from '@portal/contracts/rules';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import formStyles from '../../../components/form.module.css';
import { PasswordField } from '../../../components/password-field.tsx';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { apiErrorKey } from '@portal/web-kit/api-errors';
import { AUTH_NAMESPACE } from '../../../lib/i18n.ts';
import { fieldCodes } from '../../../lib/validation.ts';
import styles from './account.module.css';

type Field = 'currentPassword' | 'newPassword';
const EMPTY: Record<Field, string> = { currentPassword: '', newPassword: '' };

/**
 * The current password and a new one. The rule of the new one is shown as it is typed (the contracts' rule and
 * the strength meter that judges as the server does); this browser stays signed in, the others are signed out.
 */
export function ChangePasswordForm({ user }: { user: User }) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const headingId = useId();
  const [values, setValues] = useState(EMPTY);
  const [triedToSend, setTriedToSend] = useState(false);
  const [serverCodes, setServerCodes] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const result = changePasswordRequestSchema.safeParse(values);
  const codes = fieldCodes(result);

  const errorOf = (field: Field) => {
    const shown = triedToSend || (field === 'newPassword' && values.newPassword !== '');
    const code = serverCodes[field] ?? (shown ? codes[field] : undefined);
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
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (!result.success) {
      setTriedToSend(true);
      return;
    }
    setSubmitting(true);
    try {
      await api.changePassword(result.data);
      toast.success(t('account.password.changed'));
      setValues(EMPTY);
      setTriedToSend(false);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid_credentials') {
        setServerCodes({ currentPassword: 'current_password_wrong' });
      } else if (error instanceof ApiError && error.issues.some((issue) => issue.code === 'password_too_weak')) {
        setServerCodes({ newPassword: 'password_too_weak' });
      }
      toast.error(
        t(apiErrorKey(error, 'account.password.failed', { invalid_credentials: 'validation.current_password_wrong' })),
      );
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('account.password.title')}
      </h2>
      <p className={styles.intro}>{t('account.password.intro')}</p>
      <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
        <PasswordField
          label={t('fields.currentPassword')}
          autoComplete="current-password"
          {...bind('currentPassword')}
        />
        <PasswordField
          label={t('fields.newPassword')}
          autoComplete="new-password"
          hint={t('password.requirements', LIMITS)}
          {...bind('newPassword')}
        />
        <PasswordStrengthMeter password={values.newPassword} name={user.name} email={user.email} />
        <SubmitButton
          label={t('account.password.submit')}
          loadingLabel={t('account.password.submitting')}
          loading={submitting}
        />
      </form>
    </section>
  );
}
