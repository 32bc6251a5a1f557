import { zodResolver } from '@hookform/resolvers/zod';
import type { CategoryUsage } from '@portal/contracts/courses';
import { currentLanguage } from '@portal/web-kit/i18n';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import field from '@portal/web-kit/styles/field.module.css';
import spinner from '@portal/web-kit/styles/spinner.module.css';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ADMIN_NAMESPACE } from '../../../lib/i18n.ts';
import { useCreateCategory } from '../api/change-category.ts';
import { categoryErrorKey, categoryTextValues } from '../lib/category-errors.ts';
import { type NamedCategoryInput, type NamesValue, namesFormSchema, namesValue } from '../lib/category-names.ts';
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
  const form = useForm<NamesValue, unknown, NamedCategoryInput>({
    defaultValues: namesValue({}, currentLanguage()),
    resolver: zodResolver(namesFormSchema),
    shouldFocusError: false,
  });
  const create = useCreateCategory();
  const failure = form.formState.errors.root?.message;

  const submit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (created) => {
        onCreated({ ...created, ...input });
        form.reset(namesValue({}, input.defaultLanguage));
        toast.success(t('categories.added', { name: created.name }));
      },
      onError: (error) => {
        console.error('Could not create the category', error);
        form.setError('root', { message: categoryErrorKey(error, 'categories.saveFailed') });
      },
    }),
  );

  return (
    <form className={styles.create} onSubmit={(event) => void submit(event)} noValidate>
      <CategoryNamesFields legend={t('categories.newName')} form={form} disabled={create.isPending} />
      {failure && (
        <p className={field.error} role="alert">
          {t(failure, categoryTextValues())}
        </p>
      )}
      <button type="submit" className={buttons.buttonPrimary} disabled={create.isPending} aria-busy={create.isPending}>
        {create.isPending && <span className={spinner.spinner} aria-hidden="true" />}
        {t(create.isPending ? 'categories.adding' : 'categories.add')}
      </button>
    </form>
  );
}
