import { PASSWORD_MIN_SCORE, type PasswordScore } from '@portal/contracts/password-strength';
import { useTranslation } from 'react-i18next';
import { AUTH_NAMESPACE } from '../lib/i18n.ts';
import styles from './password-strength-meter.module.css';

/**
 * How hard a new password is to guess, as the server judges it (`usePasswordScore`); nothing until it is judged.
 * Used by register, reset-password and the account page's change-password form.
 */
export function PasswordStrengthMeter({ score }: { score: PasswordScore | undefined }) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  if (score === undefined) return null;
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
