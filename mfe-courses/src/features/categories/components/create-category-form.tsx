import { api } from '@portal/contracts/api-client';
import type { CategoryUsage } from '@portal/contracts/courses';
import { currentLanguage } from '@portal/web-kit/i18n';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import field from '@portal/web-kit/styles/field.module.css';
import spinner from '@portal/web-kit/styles/spinner.module.css';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { COURSES_NAMESPACE } from '../../../lib/i18n.ts';
import { categoryErrorKey, categoryTextValues } from '../lib/category-errors.ts';
import { checkNames, namesValue, type NamesValue } from '../lib/category-names.ts';
import styles from './categories.module.css';
import { CategoryNamesFields } from './category-names-fields.tsx';

/**
 * A new category by its name in each language, the reader's language the default at first: checked here with the
 * contracts' rule, then by the server (unique names).
 */
export function CreateCategoryForm({
  onCreated,
}: {
  onCreated: (category: Omit<CategoryUsage, 'courseCount'>) => void;
}) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const [value, setValue] = useState<NamesValue>(() => namesValue({}, currentLanguage()));
  const [issues, setIssues] = useState<Partial<Record<string, string>>>({});
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = checkNames(value);
    if (!checked.ok) {
      setIssues(checked.issues);
      return;
    }
    setSaving(true);
    try {
      const created = await api.createCategory(checked.input);
      onCreated({ ...created, names: checked.input.names, defaultLanguage: value.defaultLanguage });
      setValue(namesValue({}, value.defaultLanguage));
      setIssues({});
      setError('');
      toast.success(t('categories.added', { name: created.name }));
    } catch (failure) {
      console.error('Could not create the category', failure);
      setError(t(categoryErrorKey(failure, 'categories.saveFailed'), categoryTextValues()));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={styles.create} onSubmit={(event) => void submit(event)} noValidate>
      <CategoryNamesFields
        legend={t('categories.newName')}
        value={value}
        issues={issues}
        disabled={saving}
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
      <button type="submit" className={buttons.buttonPrimary} disabled={saving} aria-busy={saving}>
        {saving && <span className={spinner.spinner} aria-hidden="true" />}
        {t(saving ? 'categories.adding' : 'categories.add')}
      </button>
    </form>
  );
}
