import { api } from '@portal/contracts/api-client';
import type { User } from '@portal/contracts/auth';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '@portal/contracts/languages';
import { currentLanguage } from '@portal/web-kit/i18n';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import field from '@portal/web-kit/styles/field.module.css';
import input from '@portal/web-kit/styles/input.module.css';
import { useId, useState } from 'react';
import { useFailureText } from '../../../lib/failure-text.ts';
import { ACCOUNT_NAMESPACE, useAccountTranslation } from '../../../lib/account-i18n.ts';
import type { PortalSession } from '@portal/contracts/pages';
import styles from './account.module.css';
import { Panel } from '@portal/web-kit/panel';

/** Name and e-mail as stored, and the interface language, which is stored for the account when it is changed. */
export function ProfileSection({ user, session }: { user: User; session: PortalSession }) {
  const { t } = useAccountTranslation();
  const selectId = useId();
  const [saved, setSaved] = useState(false);
  const failureText = useFailureText(ACCOUNT_NAMESPACE);
  const [name, setName] = useState(user.name);
  const [nameNote, setNameNote] = useState({ text: '', failed: false });

  const saveName = async () => {
    try {
      // The shell's session takes the stored user, so the name shows everywhere at once.
      session.signIn(await api.setName({ body: { name } }));
      setNameNote({ text: t('account.profile.nameSaved'), failed: false });
    } catch (failure) {
      setNameNote({ text: failureText(failure, 'account.profile.nameFailed'), failed: true });
    }
  };

  const changeLanguage = async (value: string) => {
    if (!isLanguage(value)) return;
    setSaved(false);
    await session.changeLanguage(value);
    setSaved(true);
  };

  return (
    <Panel title={t('account.profile.title')}>
      <form
        className={styles.language}
        onSubmit={(event) => {
          event.preventDefault();
          void saveName();
        }}
      >
        <label htmlFor={`${selectId}-name`} className={field.label}>
          {t('fields.name')}
        </label>
        <input
          id={`${selectId}-name`}
          className={input.input}
          autoComplete="name"
          maxLength={200}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className={buttons.button}>
          {t('account.profile.saveName')}
        </button>
        <p className={styles.saved} role={nameNote.failed ? 'alert' : 'status'}>
          {nameNote.text}
        </p>
      </form>
      <dl className={styles.details}>
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
    </Panel>
  );
}
