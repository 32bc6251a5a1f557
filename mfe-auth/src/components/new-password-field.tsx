import { LIMITS } from '@portal/contracts/rules';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH_NAMESPACE } from '../lib/i18n.ts';
import { PasswordField } from './password-field.tsx';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

interface Props extends Omit<ComponentProps<typeof PasswordField>, 'autoComplete' | 'hint' | 'value'> {
  value: string;
  /** The person's name and e-mail address, which a strong password does not lean on. */
  person: { name?: string; email?: string };
}

/** A new password: the rule under the field and the strength meter below it, judged as the server judges. */
export function NewPasswordField({ person, ...field }: Props) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  return (
    <>
      <PasswordField autoComplete="new-password" hint={t('password.requirements', LIMITS)} {...field} />
      <PasswordStrengthMeter password={field.value} name={person.name} email={person.email} />
    </>
  );
}
