import { api } from '@portal/contracts/api-client';
import type { Category, CategoryUsage } from '@portal/contracts/courses';
import { hasStatus } from '@portal/web-kit/api-errors';
import { LANGUAGES } from '@portal/contracts/languages';
import { formatNumber } from '@portal/web-kit/format';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import field from '@portal/web-kit/styles/field.module.css';
import spinner from '@portal/web-kit/styles/spinner.module.css';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { COURSES_NAMESPACE } from '../../../lib/i18n.ts';
import { categoryErrorKey, categoryTextValues } from '../lib/category-errors.ts';
import { checkNames, namesValue, type NamesValue, sameNames } from '../lib/category-names.ts';
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
  const { t } = useTranslation(COURSES_NAMESPACE);
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState<NamesValue>(() => namesValue(category.names, category.defaultLanguage));
  const [issues, setIssues] = useState<Partial<Record<string, string>>>({});
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    renameButton.current?.focus();
  }, [editing]);

  const startEditing = () => {
    setValue(namesValue(category.names, category.defaultLanguage));
    setIssues({});
    setError('');
    setEditing(true);
  };

  const stopEditing = () => {
    returnFocus.current = true;
    setEditing(false);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = checkNames(value);
    if (!checked.ok) {
      setIssues(checked.issues);
      return;
    }
    if (sameNames(checked.input.names, category.names) && value.defaultLanguage === category.defaultLanguage) {
      stopEditing();
      return;
    }
    setSaving(true);
    try {
      const renamed = await api.renameCategory(category.id, checked.input);
      onRenamed({ ...renamed, names: checked.input.names, defaultLanguage: value.defaultLanguage });
      toast.success(t('categories.renamed', { name: renamed.name }));
      stopEditing();
    } catch (failure) {
      console.error(`Could not rename the category ${category.id}`, failure);
      if (hasStatus(failure, 404)) {
        toast.error(t('validation.category_gone'));
        onGone(category);
      } else {
        setError(t(categoryErrorKey(failure, 'categories.saveFailed'), categoryTextValues()));
      }
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !saving) {
      event.preventDefault();
      stopEditing();
    }
  };

  if (editing) {
    return (
      <li className={styles.row}>
        <form className={styles.rename} onSubmit={(event) => void save(event)} onKeyDown={onKeyDown} noValidate>
          <CategoryNamesFields
            legend={t('categories.renameLabel', { name: category.name })}
            value={value}
            issues={issues}
            disabled={saving}
            autoFocus
            onChange={(next) => {
              setValue(next);
              setIssues({});
              setError('');
            }}
          />
          {error && (
            <p className={field.error} role="alert">
              {error}
            </p>
          )}
          <div className={styles.rowActions}>
            <button type="submit" className={buttons.buttonPrimary} disabled={saving} aria-busy={saving}>
              {saving && <span className={spinner.spinner} aria-hidden="true" />}
              {t(saving ? 'categories.saving' : 'categories.save')}
            </button>
            <button type="button" className={buttons.button} disabled={saving} onClick={stopEditing}>
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
