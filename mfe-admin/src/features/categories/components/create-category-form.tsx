import { api } from '@portal/contracts/api-client';
import type { CategoryUsage } from '@portal/contracts/courses';
import { currentLanguage } from '@portal/web-kit/i18n';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import field from '@portal/web-kit/styles/field.module.css';
import spinner from '@portal/web-kit/styles/spinner.module.css';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ADMIN_NAMESPACE } from '../../../lib/i18n.ts';
import { categoryErrorKey, categoryTextValues } from '../lib/category-errors.ts';
import { type NamedCategoryInput, namesValue } from '../lib/category-names.ts';
import { useNamesForm } from '../lib/use-names-form.ts';
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
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const form = useNamesForm(() => namesValue({}, currentLanguage()));

  const create = async (input: NamedCategoryInput) => {
    try {
      const created = await api.createCategory({ body: input });
      onCreated({ ...created, names: input.names, defaultLanguage: form.value.defaultLanguage });
      form.change(namesValue({}, form.value.defaultLanguage));
      toast.success(t('categories.added', { name: created.name }));
    } catch (failure) {
      console.error('Could not create the category', failure);
      form.setError(t(categoryErrorKey(failure, 'categories.saveFailed'), categoryTextValues()));
    }
  };

  return (
    <form className={styles.create} onSubmit={(event) => void form.submit(event, create)} noValidate>
      <CategoryNamesFields
        legend={t('categories.newName')}
        value={form.value}
        issues={form.issues}
        disabled={form.saving}
        onChange={form.change}
      />
      {form.error && (
        <p className={field.error} role="alert">
          {form.error}
        </p>
      )}
      <button type="submit" className={buttons.buttonPrimary} disabled={form.saving} aria-busy={form.saving}>
        {form.saving && <span className={spinner.spinner} aria-hidden="true" />}
        {t(form.saving ? 'categories.adding' : 'categories.add')}
      </button>
    </form>
  );
}
