import { type InputHTMLAttributes, type KeyboardEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_NAMESPACE } from '../../lib/i18n.ts';
import { checkLink } from './link.ts';
import styles from './rich-text-editor.module.css';

interface Props {
  initialText: string;
  /** The address of the link being edited, or null for a new link. */
  initialHref: string | null;
  onApply: (link: { text: string; href: string; typed: string }) => void;
  onRemove: () => void;
  onCancel: () => void;
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'className'> {
  id: string;
  label: string;
  hint: string;
  ref: Ref<HTMLInputElement>;
}

/** A text input of the link dialog with its label and hint (which describes it unless told otherwise). */
function LinkField({ id, label, hint, ...input }: FieldProps) {
  return (
    <>
      <label htmlFor={id} className={styles.linkLabel}>
        {label}
      </label>
      <input
        id={id}
        type="text"
        autoComplete="off"
        className={styles.linkInput}
        aria-describedby={`${id}-hint`}
        {...input}
      />
      <p id={`${id}-hint`} className={styles.hint}>
        {hint}
      </p>
    </>
  );
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
      <LinkField
        ref={firstField}
        id={`${id}-text`}
        label={t('link.text')}
        hint={t('link.textHint')}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <LinkField
        ref={addressField}
        id={`${id}-href`}
        label={t('link.address')}
        hint={t('link.hint')}
        inputMode="url"
        spellCheck={false}
        value={address}
        aria-invalid={error !== null}
        aria-describedby={`${id}-href-hint ${id}-error`}
        onChange={(event) => {
          setAddress(event.target.value);
          setError(null);
        }}
      />
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
