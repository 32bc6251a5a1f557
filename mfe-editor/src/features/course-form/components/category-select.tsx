import type { Category } from '@portal/contracts/courses';
import { useTranslation } from 'react-i18next';
import { EDITOR_NAMESPACE } from '../../../lib/i18n.ts';
import styles from './course-form.module.css';

interface Props {
  categories: Category[];
  selected: string[];
  disabled: boolean;
  invalid: boolean;
  onChange: (ids: string[]) => void;
}

/** The category multi-select: a group of check boxes, each reachable and announced on its own. */
export function CategorySelect({ categories, selected, disabled, invalid, onChange }: Props) {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  return (
    <fieldset className={styles.fieldset} disabled={disabled} aria-describedby="categories-hint" aria-invalid={invalid}>
      <legend className={styles.label}>
        {t('form.categories')} <span className={styles.required}>{t('form.required')}</span>
      </legend>
      <p id="categories-hint" className={styles.hint}>
        {categories.length === 0 ? t('form.noCategories') : t('form.categoriesHint')}
      </p>
      <ul className={styles.categories}>
        {categories.map((category) => {
          const checked = selected.includes(category.id);
          return (
            <li key={category.id}>
              <label className={`${styles.chip} ${checked ? styles.chipChecked : ''}`}>
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={() =>
                    onChange(checked ? selected.filter((id) => id !== category.id) : [...selected, category.id])
                  }
                />
                <span>{category.name}</span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
