import { type Language, LANGUAGES } from '@portal/contracts/languages';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../config/languages.ts';
import { currentLanguage } from '../lib/i18n.ts';
import styles from './language-switcher.module.css';
import ui from './ui.module.css';

/**
 * EN FR DE IT RM: the current one is pressed. Each button shows its code and is named "EN – English": the name
 * starts with what is shown, so speech input ("click EN") finds it.
 */
export function LanguageSwitcher({ onChange }: { onChange: (language: Language) => void }) {
  const { t } = useTranslation();
  const current = currentLanguage();
  return (
    <div className={styles.switcher} role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className={styles.option}
          aria-pressed={language === current}
          title={LANGUAGE_NAMES[language]}
          onClick={() => onChange(language)}
        >
          {language.toUpperCase()}
          <span className={ui.visuallyHidden}> – {LANGUAGE_NAMES[language]}</span>
        </button>
      ))}
    </div>
  );
}
