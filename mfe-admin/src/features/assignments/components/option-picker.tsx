import buttons from '@portal/web-kit/styles/buttons.module.css';
import field from '@portal/web-kit/styles/field.module.css';
import input from '@portal/web-kit/styles/input.module.css';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../../components/admin.module.css';
import { LabelledField } from '@portal/web-kit/labelled-field';
import { ADMIN_NAMESPACE } from '../../../lib/i18n.ts';
import type { Option } from '../../../lib/training-options.ts';

interface Props {
  label: string;
  /** The search's matches for what is typed. */
  useMatches: (q: string) => UseQueryResult<Option[]>;
  chosen: Option[];
  onChange: (chosen: Option[]) => void;
  disabled: boolean;
}

/** People or groups found by a search and added one by one; each chosen one can be removed again. */
export function OptionPicker({ label, useMatches, chosen, onChange, disabled }: Props) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const id = useId();
  const [q, setQ] = useState('');
  const matches = useMatches(q);
  const offered = (q.trim() === '' ? [] : (matches.data ?? [])).filter(
    (match) => !chosen.some((item) => item.id === match.id),
  );
  return (
    <LabelledField htmlFor={id} label={label} className={styles.fieldset}>
      <input
        id={id}
        type="search"
        className={input.input}
        value={q}
        disabled={disabled}
        placeholder={t('assignments.searchPlaceholder')}
        onChange={(event) => setQ(event.target.value)}
      />
      {matches.isError && q.trim() !== '' && (
        <p className={field.error} role="alert">
          {t('assignments.searchFailed')}
        </p>
      )}
      {offered.length > 0 && (
        <ul className={styles.matches} aria-label={t('assignments.matches', { label })}>
          {offered.map((option) => (
            <li key={option.id}>
              <button
                type="button"
                className={buttons.buttonGhost}
                disabled={disabled}
                onClick={() => onChange([...chosen, option])}
              >
                {t('assignments.add', { name: option.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen.length > 0 && (
        <ul className={styles.chips} aria-label={t('assignments.chosen', { label })}>
          {chosen.map((option) => (
            <li key={option.id} className={styles.chip}>
              {option.name}
              <button
                type="button"
                className={buttons.buttonGhost}
                disabled={disabled}
                aria-label={t('assignments.remove', { name: option.name })}
                onClick={() => onChange(chosen.filter((item) => item.id !== option.id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </LabelledField>
  );
}
