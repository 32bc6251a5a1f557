import { LANGUAGES } from '@portal/contracts/languages';
import { formatLanguage } from '@portal/web-kit/format';
import field from '@portal/web-kit/styles/field.module.css';
import { useId } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LabelledField } from '@portal/web-kit/labelled-field';
import { ADMIN_NAMESPACE } from '../../../lib/i18n.ts';
import { categoryCodeKey, categoryTextValues } from '../lib/category-errors.ts';
import type { NamedCategoryInput, NamesValue } from '../lib/category-names.ts';
import styles from './categories.module.css';
import { CategoryNameField } from './category-name-field.tsx';

interface Props {
  legend: string;
  /** The form of the names: each problem is the code of the rule a language's name breaks. */
  form: UseFormReturn<NamesValue, unknown, NamedCategoryInput>;
  disabled: boolean;
  /** The default language's field takes the focus when the form opens (inline rename). */
  autoFocus?: boolean;
}

/** A category's name in each language, in a compact grid, and the default language whose name is required. */
export function CategoryNamesFields({ legend, form, disabled, autoFocus = false }: Props) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const id = useId();
  const defaultLanguage = useWatch({ control: form.control, name: 'defaultLanguage' });
  const issues = form.formState.errors.names;
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
          aria-describedby={`${id}-default-hint`}
          {...form.register('defaultLanguage')}
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
          const issue = issues?.[language]?.message;
          const isDefault = language === defaultLanguage;
          return (
            <CategoryNameField
              key={language}
              label={`${formatLanguage(language)}${isDefault ? ` ${t('categories.defaultMark')}` : ''}`}
              lang={language}
              required={isDefault}
              autoFocus={autoFocus && isDefault}
              error={issue ? t(categoryCodeKey(issue), categoryTextValues()) : undefined}
              {...form.register(`names.${language}`)}
            />
          );
        })}
      </div>
    </fieldset>
  );
}
