import { type Language, LANGUAGES } from '@portal/contracts/languages';
import { formatLanguage } from '@portal/web-kit/format';
import hidden from '@portal/web-kit/styles/visually-hidden.module.css';
import { type KeyboardEvent, useRef } from 'react';
import styles from './language-tabs.module.css';

/** What a language's text is in a form: written, not yet, or with an error. */
export type LanguageStatus = 'complete' | 'missing' | 'invalid';

const STATUS_MARKS: Readonly<Record<LanguageStatus, { mark: string; className: string | undefined }>> = {
  complete: { mark: '✓', className: styles.tabComplete },
  missing: { mark: '○', className: styles.tabMissing },
  invalid: { mark: '!', className: styles.tabInvalid },
};

/** The id of a language's tab: the panel it controls is labelled by it. */
export const languageTabId = (idPrefix: string, language: Language) => `${idPrefix}-${language}`;

interface Props {
  /** Names the tab list. */
  label: string;
  /** A language's tab id is `languageTabId(idPrefix, language)`. */
  idPrefix: string;
  /** The id of the one panel every tab controls: it shows the text of the selected language. */
  panelId: string;
  shown: Language;
  /** The language a text falls back to, marked as such (a question has none: each text stands alone). */
  defaultLanguage?: Language;
  statuses: Readonly<Record<Language, LanguageStatus>>;
  /** The page's texts: the default language's mark and, for screen readers, each status. */
  texts: { default?: string; status: (status: LanguageStatus) => string };
  onShow: (language: Language) => void;
}

/**
 * The languages of a text (a course's, a lesson's) as a tab list (arrow keys, Home and End move between tabs and
 * show them): each tab tells whether its language is complete, missing or has an error, and which one is the default.
 */
export function LanguageTabs({ label, idPrefix, panelId, shown, defaultLanguage, statuses, texts, onShow }: Props) {
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
    <div role="tablist" aria-label={label} className={styles.tabs} onKeyDown={onKeyDown}>
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
            id={languageTabId(idPrefix, language)}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            className={`${styles.tab} ${STATUS_MARKS[status].className ?? ''}`}
            onClick={() => onShow(language)}
          >
            <span>{language.toUpperCase()}</span>
            <span className={styles.tabMark} aria-hidden="true">
              {STATUS_MARKS[status].mark}
            </span>
            <span className={hidden.visuallyHidden}>{`${formatLanguage(language)}, ${texts.status(status)}`}</span>
            {language === defaultLanguage && <span className={styles.tabDefault}>{texts.default}</span>}
          </button>
        );
      })}
    </div>
  );
}
