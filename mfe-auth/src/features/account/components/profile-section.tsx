import type { User } from '@portal/contracts/auth';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '@portal/contracts/languages';
import { currentLanguage } from '@portal/web-kit/i18n';
import field from '@portal/web-kit/styles/field.module.css';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH_NAMESPACE } from '../../../lib/i18n.ts';
import type { PortalSession } from '@portal/contracts/pages';
import styles from './account.module.css';

/** Name and e-mail as stored, and the interface language, which is stored for the account when it is changed. */
export function ProfileSection({ user, session }: { user: User; session: PortalSession }) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const selectId = useId();
  const [saved, setSaved] = useState(false);

  const changeLanguage = async (value: string) => {
    if (!isLanguage(value)) return;
    setSaved(false);
    await session.changeLanguage(value);
    setSaved(true);
  };

  return (
    <section className={styles.section} aria-labelledby={`${selectId}-heading`}>
      <h2 id={`${selectId}-heading`} className={styles.heading}>
        {t('account.profile.title')}
      </h2>
      <dl className={styles.details}>
        <dt>{t('fields.name')}</dt>
        <dd>{user.name}</dd>
        <dt>{t('fields.email')}</dt>
        <dd>{user.email}</dd>
      </dl>
      <div className={styles.language}>
        <label htmlFor={selectId} className={field.label}>
          {t('language.label')}
        </label>
        <select
          id={selectId}
          className={styles.select}
          value={currentLanguage()}
          onChange={(event) => void changeLanguage(event.target.value)}
        >
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </select>
        <p className={styles.saved} role="status">
          {saved ? t('account.profile.languageSaved') : ''}
        </p>
      </div>
    </section>
  );
}
