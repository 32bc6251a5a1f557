import { api } from '@portal/contracts/api-client';
import { apiErrorKey, hasStatus } from '@portal/web-kit/api-errors';
import { formatNumber } from '@portal/web-kit/format';
import { currentLanguage } from '@portal/web-kit/i18n';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import spinner from '@portal/web-kit/styles/spinner.module.css';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { toast, usePageToasts } from 'react-toastify';
import { DeletionDialog, useDeletion } from '@portal/web-kit/deletion';
import { PageHeader } from '@portal/web-kit/page-header';
import { EmptyState, QueryResult } from '../../components/page-states.ts';
import ui from '../../components/ui.module.css';
import { AssignedToMe } from '../../features/assigned/components/assigned-to-me.tsx';
import { useCategoryOptions } from '../../features/dashboard/api/list-categories.ts';
import {
  type CoursePage,
  coursePageKey,
  type DashboardCourse,
  useCoursePage,
} from '../../features/dashboard/api/list-courses.ts';
import { CourseCard } from '../../features/dashboard/components/course-card.tsx';
import { CourseFilters } from '../../features/dashboard/components/course-filters.tsx';
import { Pager } from '@portal/web-kit/pager';
import {
  type DashboardFilter,
  type DashboardView,
  filterParams,
  isMyView,
  pageCount,
  pageQuery,
  readFilter,
} from '../../features/dashboard/lib/dashboard-query.ts';
import { COURSES_NAMESPACE } from '../../lib/i18n.ts';
import { queryKeys, useMyParticipations, withQueries } from '../../lib/queries.tsx';
import type { PageProps } from '@portal/contracts/pages';
import styles from './dashboard.module.css';

/** Each view's heading and what it says when it has no course. */
const VIEW_TEXTS: Record<DashboardView, { heading: string; empty: string }> = {
  published: { heading: 'dashboard.coursesHeading', empty: 'dashboard.noCourses' },
  drafts: { heading: 'dashboard.draftsHeading', empty: 'dashboard.noDrafts' },
  'in-progress': { heading: 'dashboard.inProgressHeading', empty: 'dashboard.noInProgress' },
  completed: { heading: 'dashboard.completedHeading', empty: 'dashboard.noCompleted' },
};

/**
 * Exposed as ./DashboardPage. The courses in a grid of cards, a page at a time from the server, narrowed by
 * search and category, and the reader's own courses in progress and completed; administrators also see drafts
 * and may edit or delete. The filter lives in the URL.
 */
function DashboardPage({ session }: PageProps<'status' | 'user'>) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const isAdmin = session.user?.isSysAdmin === true;
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params, isAdmin);
  const query = pageQuery(filter, currentLanguage());
  const courses = useCoursePage(query);
  const participations = useMyParticipations().byCourse;
  const client = useQueryClient();
  const categories = useCategoryOptions();
  // The page shown stays while the next one is on its way.
  const loading = courses.isPending || courses.isPlaceholderData;
  const pageToast = usePageToasts();
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  const show = (next: DashboardFilter, replace = false) => setParams(filterParams(next), { replace });
  const changeFilter = (change: Partial<Omit<DashboardFilter, 'page'>>) =>
    // Typing a search replaces the history entry; choosing a category or a view adds one.
    show({ ...filter, ...change, page: 1 }, 'q' in change);
  const turnTo = (page: number) => {
    show({ ...filter, page });
    resultsHeading.current?.focus();
  };

  const failure = courses.error;
  useEffect(() => {
    if (failure) console.error('Could not load the courses', failure);
  }, [failure]);

  // A page beyond the last one (an old link, or the last course of the last page deleted elsewhere): show the last.
  const lastPage = courses.isSuccess && !courses.isPlaceholderData ? pageCount(courses.data.total) : null;
  useEffect(() => {
    const current = readFilter(params, isAdmin);
    if (lastPage !== null && current.page > lastPage) {
      setParams(filterParams({ ...current, page: lastPage }), { replace: true });
    }
  }, [lastPage, params, isAdmin, setParams]);

  const deletion = useDeletion(async (course: DashboardCourse) => {
    try {
      await api.deleteCourse({ params: { id: course.id } });
      resultsHeading.current?.focus();
      client.setQueryData<CoursePage>(
        coursePageKey(query),
        (page) => page && { items: page.items.filter((item) => item.id !== course.id), total: page.total - 1 },
      );
      // The other pages and views are asked again when shown.
      void client.invalidateQueries({ queryKey: queryKeys.courses, refetchType: 'none' });
      toast.success(t('delete.done', { title: course.title }));
    } catch (error) {
      if (hasStatus(error, 404)) {
        console.warn(`The course ${course.id} to delete was not found`, error);
      } else {
        console.error(`Could not delete the course ${course.id}`, error);
        pageToast.error(t(apiErrorKey(error, 'delete.failed')));
      }
    }
  });

  const page = courses.data;
  const filtered = !isMyView(filter.view) && (filter.q !== '' || filter.categoryId !== '' || filter.inMyLanguage);

  const noResults = filtered ? (
    <EmptyState
      title={t('dashboard.noMatch')}
      hint={t('dashboard.noMatchHint')}
      action={
        <button
          type="button"
          className={buttons.button}
          onClick={() => changeFilter({ q: '', categoryId: '', inMyLanguage: false })}
        >
          {t('dashboard.clearFilters')}
        </button>
      }
    />
  ) : (
    <EmptyState
      title={t(VIEW_TEXTS[filter.view].empty)}
      action={
        isMyView(filter.view) ? (
          <button type="button" className={buttons.button} onClick={() => changeFilter({ view: 'published' })}>
            {t('dashboard.browseCourses')}
          </button>
        ) : undefined
      }
    />
  );
  const results = (
    <QueryResult query={courses} section="dashboard" empty={noResults}>
      {(found) => (
        <ul className={styles.grid}>
          {found.items.map((course) => (
            <li key={course.id} className={styles.cell}>
              <CourseCard
                course={course}
                active={participations.get(course.id)?.completedAt === null}
                isAdmin={isAdmin}
                onDelete={deletion.ask}
              />
            </li>
          ))}
        </ul>
      )}
    </QueryResult>
  );

  return (
    <section className={styles.page} aria-labelledby="dashboard-title">
      <PageHeader
        id="dashboard-title"
        title={session.user ? t('dashboard.greeting', { name: session.user.name }) : t('dashboard.title')}
        subtitle={t('dashboard.subtitle')}
      />

      <AssignedToMe />

      <CourseFilters filter={filter} categories={categories} isAdmin={isAdmin} onChange={changeFilter} />

      <div className={styles.results} aria-busy={loading}>
        <div className={styles.resultsBar}>
          <h2 ref={resultsHeading} tabIndex={-1} className={styles.resultsTitle}>
            {t(VIEW_TEXTS[filter.view].heading)}
          </h2>
          {page && (
            <p className={styles.count} aria-live="polite">
              {loading ? (
                <span className={ui.status}>
                  <span className={spinner.spinner} aria-hidden="true" />
                  {t('dashboard.loading')}
                </span>
              ) : (
                t('dashboard.count', { count: formatNumber(page.total) })
              )}
            </p>
          )}
        </div>
        {results}
        {page && !courses.isError && (
          <Pager namespace={COURSES_NAMESPACE} page={filter.page} pages={pageCount(page.total)} onPage={turnTo} />
        )}
      </div>

      <DeletionDialog
        namespace={COURSES_NAMESPACE}
        deletion={deletion}
        texts="delete"
        values={(course) => ({ title: course.title })}
      />
    </section>
  );
}

export default withQueries(DashboardPage);
