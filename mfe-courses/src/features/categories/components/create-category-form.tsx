import { api } from '@portal/contracts/api-client';
import type { Category } from '@portal/contracts/courses';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import spinner from '@portal/web-kit/styles/spinner.module.css';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { COURSES_NAMESPACE } from '../../../lib/i18n.ts';
import { categoryErrorKey, categoryTextValues, checkCategoryName } from '../lib/category-errors.ts';
import styles from './categories.module.css';
import { CategoryNameField } from './category-name-field.tsx';

/** A new category by name: checked here with the contracts' rule, then by the server (unique names). */
export function CreateCategoryForm({ onCreated }: { onCreated: (category: Category) => void }) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = checkCategoryName(name);
    if ('errorKey' in checked) {
      setError(t(checked.errorKey, categoryTextValues()));
      return;
    }
    setSaving(true);
    try {
      const created = await api.createCategory(checked.input);
      onCreated(created);
      setName('');
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
      <CategoryNameField
        label={t('categories.newName')}
        hint={t('categories.nameHint', categoryTextValues())}
        error={error || undefined}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setError('');
        }}
      />
      <button type="submit" className={buttons.buttonPrimary} disabled={saving} aria-busy={saving}>
        {saving && <span className={spinner.spinner} aria-hidden="true" />}
        {t(saving ? 'categories.adding' : 'categories.add')}
      </button>
    </form>
  );
}
