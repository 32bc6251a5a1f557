import { api } from '@portal/contracts/api-client';
import type { Category, CategoryUsage } from '@portal/contracts/courses';
import { hasStatus } from '@portal/web-kit/api-errors';
import { LANGUAGES } from '@portal/contracts/languages';
import { formatNumber } from '@portal/web-kit/format';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import field from '@portal/web-kit/styles/field.module.css';
import spinner from '@portal/web-kit/styles/spinner.module.css';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ADMIN_NAMESPACE } from '../../../lib/i18n.ts';
import { categoryErrorKey, categoryTextValues } from '../lib/category-errors.ts';
import { type NamedCategoryInput, namesValue, sameNames } from '../lib/category-names.ts';
import { useNamesForm } from '../lib/use-names-form.ts';
import styles from './categories.module.css';
import { CategoryNamesFields } from './category-names-fields.tsx';

interface Props {
  category: CategoryUsage;
  onRenamed: (category: Omit<CategoryUsage, 'courseCount'>) => void;
  /** The server no longer knows the category (someone else deleted it). */
  onGone: (category: Category) => void;
  /** Asks first: deleting, or why a category still in use cannot be deleted. */
  onDelete: (category: CategoryUsage) => void;
}

/**
 * One category: its name in the reader's language, the languages it has a name in and how many courses use it;
 * renamed in place in every language (Enter saves, Escape cancels), deleted.
 */
export function CategoryRow({ category, onRenamed, onGone, onDelete }: Props) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const form = useNamesForm(() => namesValue(category.names, category.defaultLanguage));
  const [editing, setEditing] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    renameButton.current?.focus();
  }, [editing]);

  const startEditing = () => {
    form.change(namesValue(category.names, category.defaultLanguage));
    setEditing(true);
  };

  const stopEditing = () => {
    returnFocus.current = true;
    setEditing(false);
  };

  const rename = async (input: NamedCategoryInput) => {
    if (sameNames(input.names, category.names) && form.value.defaultLanguage === category.defaultLanguage) {
      stopEditing();
      return;
    }
    try {
      const renamed = await api.renameCategory({ query: { id: category.id }, body: input });
      onRenamed({ ...renamed, names: input.names, defaultLanguage: form.value.defaultLanguage });
      toast.success(t('categories.renamed', { name: renamed.name }));
      stopEditing();
    } catch (failure) {
      console.error(`Could not rename the category ${category.id}`, failure);
      if (hasStatus(failure, 404)) {
        toast.error(t('validation.category_gone'));
        onGone(category);
      } else {
        form.setError(t(categoryErrorKey(failure, 'categories.saveFailed'), categoryTextValues()));
      }
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !form.saving) {
      event.preventDefault();
      stopEditing();
    }
  };

  if (editing) {
    return (
      <li className={styles.row}>
        <form
          className={styles.rename}
          onSubmit={(event) => void form.submit(event, rename)}
          onKeyDown={onKeyDown}
          noValidate
        >
          <CategoryNamesFields
            legend={t('categories.renameLabel', { name: category.name })}
            value={form.value}
            issues={form.issues}
            disabled={form.saving}
            autoFocus
            onChange={form.change}
          />
          {form.error && (
            <p className={field.error} role="alert">
              {form.error}
            </p>
          )}
          <div className={styles.rowActions}>
            <button type="submit" className={buttons.buttonPrimary} disabled={form.saving} aria-busy={form.saving}>
              {form.saving && <span className={spinner.spinner} aria-hidden="true" />}
              {t(form.saving ? 'categories.saving' : 'categories.save')}
            </button>
            <button type="button" className={buttons.button} disabled={form.saving} onClick={stopEditing}>
              {t('common.cancel')}
            </button>
          </div>
        </form>
      </li>
    );
  }

  return (
    <li className={styles.row}>
      <span className={styles.identity}>
        <span className={styles.name}>{category.name}</span>
        <span className={styles.languageCodes}>
          {LANGUAGES.filter((language) => category.names[language]).map((language) => (
            <abbr key={language} lang={language} title={category.names[language]}>
              {language.toUpperCase()}{' '}
            </abbr>
          ))}
        </span>
        <span className={styles.usage}>
          {t('categories.usedBy', { count: category.courseCount, formatted: formatNumber(category.courseCount) })}
        </span>
      </span>
      <div className={styles.rowActions}>
        <button
          ref={renameButton}
          type="button"
          className={buttons.buttonGhost}
          aria-label={t('categories.renameNamed', { name: category.name })}
          onClick={startEditing}
        >
          {t('categories.rename')}
        </button>
        <button
          type="button"
          className={`${buttons.buttonGhost} ${styles.danger}`}
          aria-label={t('categories.deleteNamed', { name: category.name })}
          onClick={() => onDelete(category)}
        >
          {t('categories.delete')}
        </button>
      </div>
    </li>
  );
}
