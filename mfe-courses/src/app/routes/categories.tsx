import { api } from '@portal/contracts/api-client';
import type { Category, CategoryUsage } from '@portal/contracts/courses';
import { apiErrorKey, hasStatus } from '@portal/web-kit/api-errors';
import { ConfirmDialog } from '@portal/web-kit/confirm-dialog';
import { formatNumber } from '@portal/web-kit/format';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast, usePageToasts } from 'react-toastify';
import { PageHeader } from '../../components/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-states.tsx';
import { sortCategories, useCategories } from '../../features/categories/api/list-categories.ts';
import styles from '../../features/categories/components/categories.module.css';
import { CategoryRow } from '../../features/categories/components/category-row.tsx';
import { CreateCategoryForm } from '../../features/categories/components/create-category-form.tsx';
import { categoryErrorKey } from '../../features/categories/lib/category-errors.ts';
import { COURSES_NAMESPACE } from '../../lib/i18n.ts';
import type { PageProps } from '@portal/contracts/pages';

interface Deletion {
  category: CategoryUsage;
  busy: boolean;
}

function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  return (
    <section className={styles.page} aria-labelledby="categories-title">
      <PageHeader id="categories-title" title={t('categories.title')} subtitle={t('categories.subtitle')} />
      {children}
    </section>
  );
}

/** Exposed as ./CategoriesPage: system administrators list, create, rename and delete categories. */
export default function CategoriesPage({ session }: PageProps<'status' | 'user'>) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  if (!session.user?.isSysAdmin) {
    return (
      <Frame>
        <p role="alert" className={styles.card}>
          {t('categories.notAllowed')}
        </p>
      </Frame>
    );
  }
  return (
    <Frame>
      <CategoryManager />
    </Frame>
  );
}

function CategoryManager() {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const { state, reload, update } = useCategories();
  const [deletion, setDeletion] = useState<Deletion | null>(null);
  const pageToast = usePageToasts();

  const failure = state.status === 'error' ? state.error : null;
  useEffect(() => {
    if (failure) console.error('Could not load the categories', failure);
  }, [failure]);

  const remove = (category: Category) => update((list) => list.filter((item) => item.id !== category.id));
  const replace = (category: Category) =>
    update((list) => sortCategories(list.map((item) => (item.id === category.id ? { ...item, ...category } : item))));

  const confirmDeletion = async () => {
    if (!deletion || deletion.busy) return;
    const { category } = deletion;
    setDeletion({ category, busy: true });
    try {
      await api.deleteCategory({ query: { id: category.id } });
      remove(category);
      toast.success(t('categories.deleted', { name: category.name }));
    } catch (error) {
      console.error(`Could not delete the category ${category.id}`, error);
      if (hasStatus(error, 404)) remove(category);
      pageToast.error(t(categoryErrorKey(error, 'categories.deleteFailed')));
    }
    setDeletion(null);
  };

  let list;
  if (state.status === 'error') {
    const reason = apiErrorKey(state.error, '');
    list = <ErrorState title={t('categories.loadFailed')} reason={reason ? t(reason) : undefined} onRetry={reload} />;
  } else if (state.status === 'loading') {
    list = <LoadingState label={t('categories.loading')} />;
  } else if (state.data.length === 0) {
    list = <EmptyState title={t('categories.empty')} />;
  } else {
    list = (
      <ul className={`${styles.card} ${styles.list}`} aria-label={t('categories.listLabel')}>
        {state.data.map((category) => (
          <CategoryRow
            key={category.id}
            category={category}
            onRenamed={replace}
            onGone={remove}
            onDelete={(item) => setDeletion({ category: item, busy: false })}
          />
        ))}
      </ul>
    );
  }

  return (
    <>
      <div className={styles.card}>
        <CreateCategoryForm
          onCreated={(category) => update((items) => sortCategories([...items, { ...category, courseCount: 0 }]))}
        />
      </div>
      {list}
      {deletion &&
        (deletion.category.courseCount > 0 ? (
          <ConfirmDialog
            title={t('categories.inUseTitle')}
            message={t('categories.inUseText', {
              name: deletion.category.name,
              count: deletion.category.courseCount,
              formatted: formatNumber(deletion.category.courseCount),
            })}
            cancelLabel={t('categories.close')}
            onCancel={() => setDeletion(null)}
          />
        ) : (
          <ConfirmDialog
            title={t('categories.deleteTitle')}
            message={t('categories.deleteText', { name: deletion.category.name })}
            confirmLabel={t('categories.delete')}
            busyLabel={t('categories.deleting')}
            cancelLabel={t('common.cancel')}
            busy={deletion.busy}
            onConfirm={() => void confirmDeletion()}
            onCancel={() => setDeletion(null)}
          />
        ))}
    </>
  );
}
