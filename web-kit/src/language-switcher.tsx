import { type Language, LANGUAGE_NAMES, LANGUAGES } from '@portal/contracts/languages';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from './i18n.ts';
import styles from './language-switcher.module.css';
import hidden from './styles/visually-hidden.module.css';

/**
 * EN FR DE IT RM: the current one is pressed. Each button shows its code and is named "EN – English": the name
 * starts with what is shown, so speech input ("click EN") finds it. `label` names the group in the caller's namespace.
 */
export function LanguageSwitcher({ label, onChange }: { label: string; onChange: (language: Language) => void }) {
  // Re-renders on a language change, so that the pressed button follows it.
  useTranslation();
  const current = currentLanguage();
  return (
    <div className={styles.switcher} role="group" aria-label={label}>
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
          <span className={hidden.visuallyHidden}> – {LANGUAGE_NAMES[language]}</span>
        </button>
      ))}
    </div>
  );
}
