import type { Assignment } from '@portal/contracts/training';
import { apiErrorKey, hasStatus } from '@portal/web-kit/api-errors';
import { ConfirmDialog } from '@portal/web-kit/confirm-dialog';
import { formatDate, formatNumber } from '@portal/web-kit/format';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import hidden from '@portal/web-kit/styles/visually-hidden.module.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast, usePageToasts } from 'react-toastify';
import styles from '../../../components/admin.module.css';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { COURSES_NAMESPACE } from '../../../lib/i18n.ts';
import { queryKeys } from '../../../lib/queries.tsx';
import { training } from '../../../lib/training-api.ts';

interface Deletion {
  assignment: Assignment;
  busy: boolean;
}

/** A course's assignments, each withdrawn after a confirmation. */
export function AssignmentList({ courseId }: { courseId: string }) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const client = useQueryClient();
  const pageToast = usePageToasts();
  const [deletion, setDeletion] = useState<Deletion | null>(null);
  const assignments = useQuery({
    queryKey: queryKeys.courseAssignments(courseId),
    queryFn: ({ signal }) => training.listAssignments({ query: { courseId } }, { signal }),
  });

  const confirmDeletion = async () => {
    if (!deletion || deletion.busy) return;
    const { assignment } = deletion;
    setDeletion({ assignment, busy: true });
    try {
      await training.deleteAssignment({ params: { id: assignment.id } });
      toast.success(t('assignments.deleted'));
    } catch (error) {
      if (!hasStatus(error, 404)) {
        console.error(`Could not delete the assignment ${assignment.id}`, error);
        pageToast.error(t(apiErrorKey(error, 'assignments.deleteFailed')));
      }
    }
    await client.invalidateQueries({ queryKey: queryKeys.courseAssignments(courseId) });
    setDeletion(null);
  };

  let body;
  if (assignments.isError) {
    const reason = apiErrorKey(assignments.error, '');
    body = (
      <ErrorState
        title={t('assignments.loadFailed')}
        reason={reason ? t(reason) : undefined}
        onRetry={() => void assignments.refetch()}
      />
    );
  } else if (assignments.isPending) {
    body = <LoadingState label={t('assignments.loading')} />;
  } else if (assignments.data.length === 0) {
    body = <EmptyState title={t('assignments.none')} />;
  } else {
    body = (
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('assignments.kind')}</th>
              <th scope="col">{t('assignments.assignees')}</th>
              <th scope="col">{t('assignments.due')}</th>
              <th scope="col">{t('assignments.recurrence')}</th>
              <th scope="col">{t('assignments.createdAt')}</th>
              <th scope="col">
                <span className={hidden.visuallyHidden}>{t('assignments.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {assignments.data.map((assignment) => (
              <tr key={assignment.id}>
                <td>{t(assignment.mandatory ? 'assigned.mandatory' : 'assigned.recommended')}</td>
                <td>
                  {[
                    t('assignments.peopleCount', {
                      count: assignment.userIds.length,
                      formatted: formatNumber(assignment.userIds.length),
                    }),
                    t('assignments.groupCount', {
                      count: assignment.groupIds.length,
                      formatted: formatNumber(assignment.groupIds.length),
                    }),
                  ].join(', ')}
                </td>
                <td>
                  {assignment.dueAt
                    ? formatDate(assignment.dueAt)
                    : assignment.dueInDays !== null
                      ? t('assignments.dueAfterDays', { count: assignment.dueInDays })
                      : t('assigned.noDueDate')}
                </td>
                <td>
                  {assignment.recurEveryMonths === null
                    ? t('assignments.once')
                    : t('assignments.everyMonths', { count: assignment.recurEveryMonths })}
                </td>
                <td>{formatDate(assignment.createdAt)}</td>
                <td>
                  <button
                    type="button"
                    className={buttons.buttonDanger}
                    onClick={() => setDeletion({ assignment, busy: false })}
                  >
                    {t('assignments.delete')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section className={styles.card} aria-labelledby="assignments-list-title">
      <h2 id="assignments-list-title" className={styles.cardTitle}>
        {t('assignments.listTitle')}
      </h2>
      {body}
      {deletion && (
        <ConfirmDialog
          title={t('assignments.deleteTitle')}
          message={t('assignments.deleteText', { title: deletion.assignment.courseTitle })}
          confirmLabel={t('assignments.delete')}
          busyLabel={t('assignments.deleting')}
          cancelLabel={t('common.cancel')}
          busy={deletion.busy}
          onConfirm={() => void confirmDeletion()}
          onCancel={() => setDeletion(null)}
        />
      )}
    </section>
  );
}
