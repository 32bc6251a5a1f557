import type { PasswordScore } from '@portal/contracts/password-strength';
import { LIMITS } from '@portal/contracts/rules';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH_NAMESPACE } from '../lib/i18n.ts';
import { PasswordField } from './password-field.tsx';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

interface Props extends Omit<ComponentProps<typeof PasswordField>, 'autoComplete' | 'hint' | 'value'> {
  value: string;
  /** The password's score (`usePasswordScore`), judged with the person's name and e-mail as the server does. */
  score: PasswordScore | undefined;
}

/** A new password: the rule under the field and the strength meter below it, judged as the server judges. */
export function NewPasswordField({ score, ...field }: Props) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  return (
    <>
      <PasswordField autoComplete="new-password" hint={t('password.requirements', LIMITS)} {...field} />
      <PasswordStrengthMeter score={score} />
    </>
  );
}
