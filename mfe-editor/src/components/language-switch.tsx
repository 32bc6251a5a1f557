import { type Language, LANGUAGES } from '@portal/contracts/languages';
import { formatLanguage } from '@portal/web-kit/format';
import { type KeyboardEvent, useRef } from 'react';
import styles from './authoring.module.css';

interface Props {
  /** Names the tab list. */
  label: string;
  shown: Language;
  /** The id of the panel the tabs control. */
  panelId: string;
  /** A language's tab id: `${idPrefix}-${language}`. */
  idPrefix: string;
  /** Marks after a language's name: written, default, has an error. */
  markOf: (language: Language) => string;
  onShow: (language: Language) => void;
}

/** The languages of a text as tabs (arrow keys, Home and End move and show), each marked as the form tells. */
export function LanguageSwitch({ label, shown, panelId, idPrefix, markOf, onShow }: Props) {
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
      {LANGUAGES.map((language) => (
        <button
          key={language}
          ref={(element) => {
            if (element) tabs.current.set(language, element);
            else tabs.current.delete(language);
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-${language}`}
          aria-selected={language === shown}
          aria-controls={panelId}
          tabIndex={language === shown ? 0 : -1}
          className={styles.tab}
          onClick={() => onShow(language)}
        >
          {`${formatLanguage(language)} ${markOf(language)}`.trim()}
        </button>
      ))}
    </div>
  );
}
