import { api } from '@portal/contracts/api-client';
import type { Category, CategoryUsage } from '@portal/contracts/courses';
import { hasStatus } from '@portal/web-kit/api-errors';
import { ConfirmDialog } from '@portal/web-kit/confirm-dialog';
import { formatNumber } from '@portal/web-kit/format';
import { currentLanguage } from '@portal/web-kit/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast, usePageToasts } from 'react-toastify';
import { adminPage } from '../../components/admin-page.tsx';
import { DeletionDialog, useDeletion } from '@portal/web-kit/deletion';
import { EmptyState, QueryResult } from '../../components/page-states.ts';
import { categoryUsageKey, sortCategories, useCategories } from '../../features/categories/api/list-categories.ts';
import styles from '../../features/categories/components/categories.module.css';
import { CategoryRow } from '../../features/categories/components/category-row.tsx';
import { CreateCategoryForm } from '../../features/categories/components/create-category-form.tsx';
import { categoryErrorKey } from '../../features/categories/lib/category-errors.ts';
import { ADMIN_NAMESPACE } from '../../lib/i18n.ts';

function CategoryManager() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const categories = useCategories();
  const client = useQueryClient();
  const language = currentLanguage();
  /** Shows a change the server agreed to; the courses slice asks for its cards and names again when they are shown. */
  const update = (change: (list: CategoryUsage[]) => CategoryUsage[]) =>
    client.setQueryData<CategoryUsage[]>(categoryUsageKey(language), (list) => list && change(list));
  const pageToast = usePageToasts();

  const failure = categories.error;
  useEffect(() => {
    if (failure) console.error('Could not load the categories', failure);
  }, [failure]);

  const remove = (category: Category) => update((list) => list.filter((item) => item.id !== category.id));
  const replace = (category: Category) =>
    update((list) => sortCategories(list.map((item) => (item.id === category.id ? { ...item, ...category } : item))));

  const deletion = useDeletion(async (category: CategoryUsage) => {
    try {
      await api.deleteCategory({ query: { id: category.id } });
      remove(category);
      toast.success(t('categories.deleted', { name: category.name }));
    } catch (error) {
      console.error(`Could not delete the category ${category.id}`, error);
      if (hasStatus(error, 404)) remove(category);
      pageToast.error(t(categoryErrorKey(error, 'categories.deleteFailed')));
    }
  });

  // A category that courses still use is not deleted: the question becomes why.
  const inUse = deletion.asked && deletion.asked.item.courseCount > 0 ? deletion.asked.item : null;

  const list = (
    <QueryResult query={categories} section="categories" empty={<EmptyState title={t('categories.empty')} />}>
      {(items) => (
        <ul className={`${styles.card} ${styles.list}`} aria-label={t('categories.listLabel')}>
          {items.map((category) => (
            <CategoryRow
              key={category.id}
              category={category}
              onRenamed={replace}
              onGone={remove}
              onDelete={deletion.ask}
            />
          ))}
        </ul>
      )}
    </QueryResult>
  );

  return (
    <>
      <div className={styles.card}>
        <CreateCategoryForm
          onCreated={(category) => update((items) => sortCategories([...items, { ...category, courseCount: 0 }]))}
        />
      </div>
      {list}
      {inUse ? (
        <ConfirmDialog
          title={t('categories.inUseTitle')}
          message={t('categories.inUseText', {
            name: inUse.name,
            count: inUse.courseCount,
            formatted: formatNumber(inUse.courseCount),
          })}
          cancelLabel={t('categories.close')}
          onCancel={deletion.cancel}
        />
      ) : (
        <DeletionDialog
          namespace={ADMIN_NAMESPACE}
          deletion={deletion}
          texts="categories.deleteDialog"
          values={(category) => ({ name: category.name })}
        />
      )}
    </>
  );
}

/** Exposed as ./CategoriesPage: system administrators list, create, rename and delete categories. */
export default adminPage('categories', styles, CategoryManager);
