import { type Language, LANGUAGES } from '@portal/contracts/languages';
import { formatLanguage } from '@portal/web-kit/format';
import hidden from '@portal/web-kit/styles/visually-hidden.module.css';
import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_NAMESPACE } from '../../../lib/i18n.ts';
import type { LanguageStatus } from '../lib/form-values.ts';
import styles from './course-form.module.css';

/** The id of a language's tab: the panel it controls is labelled by it. */
export const tabId = (language: Language) => `course-language-${language}`;

/** The id of the one panel every tab controls: it shows the text of the selected language. */
export const LANGUAGE_PANEL_ID = 'course-language-panel';

const STATUS_MARKS: Readonly<Record<LanguageStatus, { mark: string; className: string | undefined }>> = {
  complete: { mark: '✓', className: styles.tabComplete },
  missing: { mark: '○', className: styles.tabMissing },
  invalid: { mark: '!', className: styles.tabInvalid },
};

interface Props {
  shown: Language;
  defaultLanguage: Language;
  statuses: Readonly<Record<Language, LanguageStatus>>;
  onShow: (language: Language) => void;
}

/**
 * The languages of the course's text, as a tab list (arrow keys, Home and End move between tabs and show them):
 * each tab tells whether its language is complete, missing or has an error, and which one is the default.
 */
export function LanguageTabs({ shown, defaultLanguage, statuses, onShow }: Props) {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const tabs = useRef(new Map<Language, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent) => {
    const index = LANGUAGES.indexOf(shown);
    const last = LANGUAGES.length - 1;
    const targets: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = LANGUAGES[targets[event.key] ?? -1];
    if (target === undefined) return;
    event.preventDefault();
    onShow(target);
    tabs.current.get(target)?.focus();
  };

  return (
    <div role="tablist" aria-label={t('languages.tabs')} className={styles.tabs} onKeyDown={onKeyDown}>
      {LANGUAGES.map((language) => {
        const selected = language === shown;
        const status = statuses[language];
        return (
          <button
            key={language}
            ref={(element) => {
              if (element) tabs.current.set(language, element);
              else tabs.current.delete(language);
            }}
            type="button"
            role="tab"
            id={tabId(language)}
            aria-selected={selected}
            aria-controls={LANGUAGE_PANEL_ID}
            tabIndex={selected ? 0 : -1}
            className={`${styles.tab} ${STATUS_MARKS[status].className ?? ''}`}
            onClick={() => onShow(language)}
          >
            <span>{language.toUpperCase()}</span>
            <span className={styles.tabMark} aria-hidden="true">
              {STATUS_MARKS[status].mark}
            </span>
            <span className={hidden.visuallyHidden}>
              {`${formatLanguage(language)}, ${t(`languages.status.${status}`)}`}
            </span>
            {language === defaultLanguage && <span className={styles.tabDefault}>{t('languages.default')}</span>}
          </button>
        );
      })}
    </div>
  );
}
