import { zodResolver } from '@hookform/resolvers/zod';
import type { Category, CategoryUsage } from '@portal/contracts/courses';
import { hasStatus } from '@portal/web-kit/api-errors';
import { LANGUAGES } from '@portal/contracts/languages';
import { formatNumber } from '@portal/web-kit/format';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import field from '@portal/web-kit/styles/field.module.css';
import spinner from '@portal/web-kit/styles/spinner.module.css';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ADMIN_NAMESPACE } from '../../../lib/i18n.ts';
import { categoryErrorKey, categoryTextValues } from '../lib/category-errors.ts';
import { useRenameCategory } from '../api/change-category.ts';
import {
  type NamedCategoryInput,
  type NamesValue,
  namesFormSchema,
  namesValue,
  sameNames,
} from '../lib/category-names.ts';
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
  const form = useForm<NamesValue, unknown, NamedCategoryInput>({
    defaultValues: namesValue(category.names, category.defaultLanguage),
    resolver: zodResolver(namesFormSchema),
    shouldFocusError: false,
  });
  const renaming = useRenameCategory(category.id);
  const saving = renaming.isPending;
  const failure = form.formState.errors.root?.message;
  const [editing, setEditing] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    renameButton.current?.focus();
  }, [editing]);

  const startEditing = () => {
    form.reset(namesValue(category.names, category.defaultLanguage));
    setEditing(true);
  };

  const stopEditing = () => {
    returnFocus.current = true;
    setEditing(false);
  };

  const rename = (input: NamedCategoryInput) => {
    if (sameNames(input.names, category.names) && input.defaultLanguage === category.defaultLanguage) {
      stopEditing();
      return;
    }
    renaming.mutate(input, {
      onSuccess: (renamed) => {
        onRenamed({ ...renamed, ...input });
        toast.success(t('categories.renamed', { name: renamed.name }));
        stopEditing();
      },
      onError: (error) => {
        console.error(`Could not rename the category ${category.id}`, error);
        if (hasStatus(error, 404)) {
          toast.error(t('validation.category_gone'));
          onGone(category);
        } else {
          form.setError('root', { message: categoryErrorKey(error, 'categories.saveFailed') });
        }
      },
    });
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
        <form
          className={styles.rename}
          onSubmit={(event) => void form.handleSubmit(rename)(event)}
          onKeyDown={onKeyDown}
          noValidate
        >
          <CategoryNamesFields
            legend={t('categories.renameLabel', { name: category.name })}
            form={form}
            disabled={saving}
            autoFocus
          />
          {failure && (
            <p className={field.error} role="alert">
              {t(failure, categoryTextValues())}
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
