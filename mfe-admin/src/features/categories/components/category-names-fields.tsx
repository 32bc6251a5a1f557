import { isLanguage, LANGUAGES } from '@portal/contracts/languages';
import { formatLanguage } from '@portal/web-kit/format';
import field from '@portal/web-kit/styles/field.module.css';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledField } from '@portal/web-kit/labelled-field';
import { ADMIN_NAMESPACE } from '../../../lib/i18n.ts';
import { categoryCodeKey, categoryTextValues } from '../lib/category-errors.ts';
import type { NamesValue } from '../lib/category-names.ts';
import styles from './categories.module.css';
import { CategoryNameField } from './category-name-field.tsx';

interface Props {
  legend: string;
  value: NamesValue;
  /** The rule code each language's name breaks. */
  issues: Partial<Record<string, string>>;
  disabled: boolean;
  /** The default language's field takes the focus when the form opens (inline rename). */
  autoFocus?: boolean;
  onChange: (value: NamesValue) => void;
}

/** A category's name in each language, in a compact grid, and the default language whose name is required. */
export function CategoryNamesFields({ legend, value, issues, disabled, autoFocus = false, onChange }: Props) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const id = useId();
  return (
    <fieldset className={styles.names} disabled={disabled} aria-describedby={`${id}-hint`}>
      <legend className={field.label}>{legend}</legend>
      <p id={`${id}-hint`} className={field.hint}>
        {t('categories.languagesHint')} {t('categories.nameHint', categoryTextValues())}
      </p>
      <LabelledField htmlFor={`${id}-default`} label={t('categories.defaultLanguage')}>
        <select
          id={`${id}-default`}
          className={styles.select}
          value={value.defaultLanguage}
          aria-describedby={`${id}-default-hint`}
          onChange={(event) => {
            if (isLanguage(event.target.value)) onChange({ ...value, defaultLanguage: event.target.value });
          }}
        >
          {LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {formatLanguage(language)}
            </option>
          ))}
        </select>
        <p id={`${id}-default-hint`} className={field.hint}>
          {t('categories.defaultHint')}
        </p>
      </LabelledField>
      <div className={styles.namesGrid}>
        {LANGUAGES.map((language) => {
          const issue = issues[language];
          const isDefault = language === value.defaultLanguage;
          return (
            <CategoryNameField
              key={language}
              label={`${formatLanguage(language)}${isDefault ? ` ${t('categories.defaultMark')}` : ''}`}
              lang={language}
              value={value.names[language]}
              required={isDefault}
              autoFocus={autoFocus && isDefault}
              error={issue ? t(categoryCodeKey(issue), categoryTextValues()) : undefined}
              onChange={(event) => onChange({ ...value, names: { ...value.names, [language]: event.target.value } })}
            />
          );
        })}
      </div>
    </fieldset>
  );
}
