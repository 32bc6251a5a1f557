import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_NAMESPACE } from '../../../lib/i18n.ts';
import { checkLink } from '../lib/link.ts';
import styles from './rich-text-editor.module.css';

interface Props {
  initial: string;
  onApply: (href: string) => void;
  onCancel: () => void;
}

/**
 * The link address, asked in a small panel below the toolbar instead of window.prompt. It sits inside the
 * course form, so it is a group with its own buttons rather than a nested <form>; Enter applies, Escape cancels.
 */
export function LinkForm({ initial, onApply, onCancel }: Props) {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    input.current?.focus();
  }, []);

  const apply = () => {
    const check = checkLink(value);
    if (check.ok) onApply(check.href);
    else setError(t(`link.errors.${check.reason}`));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      apply();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };

  return (
    <div role="group" aria-labelledby={`${id}-title`} className={styles.linkForm} onKeyDown={onKeyDown}>
      <p id={`${id}-title`} className={styles.linkTitle}>
        {t('link.title')}
      </p>
      <label htmlFor={`${id}-href`} className={styles.linkLabel}>
        {t('link.address')}
      </label>
      <input
        ref={input}
        id={`${id}-href`}
        type="text"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        className={styles.linkInput}
        value={value}
        placeholder="https://"
        aria-invalid={error !== null}
        aria-describedby={`${id}-hint ${id}-error`}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
      />
      <p id={`${id}-hint`} className={styles.hint}>
        {t('link.hint')}
      </p>
      <p id={`${id}-error`} role="alert" className={styles.error}>
        {error}
      </p>
      <div className={styles.linkActions}>
        <button type="button" className={styles.secondary} onClick={onCancel}>
          {t('link.cancel')}
        </button>
        <button type="button" className={styles.primary} onClick={apply}>
          {t('link.apply')}
        </button>
      </div>
    </div>
  );
}
