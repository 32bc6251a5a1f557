import {
  PASSWORD_MIN_SCORE,
  type PasswordScore,
  passwordScore,
  userInputsOf,
} from '@portal/contracts/password-strength';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH_NAMESPACE } from '../lib/i18n.ts';
import styles from './password-strength-meter.module.css';

const CHECK_DELAY_MS = 150;

/**
 * How hard a new password is to guess, judged as the server judges it (zxcvbn, with the person's name and
 * e-mail). The dictionaries load with the first check, so only the pages that show the meter fetch them.
 * Used by register and reset-password; the account page's change-password form can use it as it is.
 */
export function PasswordStrengthMeter({ password, name, email }: { password: string; name?: string; email?: string }) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const [checked, setChecked] = useState<{ password: string; score: PasswordScore } | undefined>();

  useEffect(() => {
    if (!password) return;
    let current = true;
    const timer = setTimeout(() => {
      void passwordScore(password, userInputsOf({ name, email })).then((score) => {
        if (current) setChecked({ password, score });
      });
    }, CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, name, email]);

  if (!password || !checked) return null;
  const { score } = checked;
  const strongEnough = score >= PASSWORD_MIN_SCORE;
  return (
    <div className={`${styles.meter} ${strongEnough ? styles.strong : styles.weak}`}>
      <div
        className={styles.bar}
        role="meter"
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={score}
        aria-label={t('strength.label')}
      >
        {[1, 2, 3, 4].map((step) => (
          <span key={step} className={`${styles.segment} ${score >= step ? styles.filled : ''}`} />
        ))}
      </div>
      <p className={styles.label} aria-live="polite">
        {t(`strength.score${score}`)}
        {strongEnough ? '' : ` ${t('validation.password_too_weak')}`}
      </p>
    </div>
  );
}
