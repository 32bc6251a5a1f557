import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_NAMESPACE } from '../../../lib/i18n.ts';
import { checkLink } from '../lib/link.ts';
import styles from './rich-text-editor.module.css';

interface Props {
  initialText: string;
  /** The address of the link being edited, or null for a new link. */
  initialHref: string | null;
  onApply: (link: { text: string; href: string; typed: string }) => void;
  onRemove: () => void;
  onCancel: () => void;
}

/**
 * The link dialog: the text to show and the address, in a small panel below the toolbar. It sits inside the
 * course form, so it is a group with its own buttons rather than a nested <form>; Enter applies, Escape cancels.
 */
export function LinkForm({ initialText, initialHref, onApply, onRemove, onCancel }: Props) {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const [text, setText] = useState(initialText);
  const [address, setAddress] = useState(initialHref ?? '');
  const [error, setError] = useState<string | null>(null);
  const firstField = useRef<HTMLInputElement>(null);
  const addressField = useRef<HTMLInputElement>(null);
  const id = useId();
  const editing = initialHref !== null;

  useEffect(() => {
    // With text already chosen, the address is what is missing.
    (initialText === '' ? firstField : addressField).current?.focus();
  }, [initialText]);

  const apply = () => {
    const check = checkLink(address);
    if (check.ok) onApply({ text, href: check.href, typed: address });
    else {
      setError(t(`link.errors.${check.reason}`));
      addressField.current?.focus();
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
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
        {t(editing ? 'link.editTitle' : 'link.addTitle')}
      </p>
      <label htmlFor={`${id}-text`} className={styles.linkLabel}>
        {t('link.text')}
      </label>
      <input
        ref={firstField}
        id={`${id}-text`}
        type="text"
        autoComplete="off"
        className={styles.linkInput}
        value={text}
        aria-describedby={`${id}-text-hint`}
        onChange={(event) => setText(event.target.value)}
      />
      <p id={`${id}-text-hint`} className={styles.hint}>
        {t('link.textHint')}
      </p>
      <label htmlFor={`${id}-href`} className={styles.linkLabel}>
        {t('link.address')}
      </label>
      <input
        ref={addressField}
        id={`${id}-href`}
        type="text"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        className={styles.linkInput}
        value={address}
        aria-invalid={error !== null}
        aria-describedby={`${id}-hint ${id}-error`}
        onChange={(event) => {
          setAddress(event.target.value);
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
        {editing && (
          <button type="button" className={`${styles.secondary} ${styles.remove}`} onClick={onRemove}>
            {t('link.remove')}
          </button>
        )}
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
