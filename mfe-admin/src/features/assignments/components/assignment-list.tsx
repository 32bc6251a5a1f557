import type { Assignment } from '@portal/contracts/training';
import { apiErrorKey, hasStatus } from '@portal/web-kit/api-errors';
import { formatDate, formatNumber } from '@portal/web-kit/format';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import hidden from '@portal/web-kit/styles/visually-hidden.module.css';
import { TableHead } from '@portal/web-kit/table-head';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast, usePageToasts } from 'react-toastify';
import styles from '../../../components/admin.module.css';
import { DeletionDialog, useDeletion } from '@portal/web-kit/deletion';
import { EmptyState, QueryResult } from '../../../components/page-states.ts';
import { ADMIN_NAMESPACE } from '../../../lib/i18n.ts';
import { queryKeys } from '../../../lib/queries.ts';
import { training } from '../../../lib/training-api.ts';
import { useGroupNames } from '../../../lib/training-options.ts';

/** A course's assignments, each withdrawn after a confirmation. */
export function AssignmentList({ courseId }: { courseId: string }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const client = useQueryClient();
  const pageToast = usePageToasts();
  const assignments = useQuery({
    queryKey: queryKeys.courseAssignments(courseId),
    queryFn: ({ signal }) => training.listAssignments({ query: { courseId } }, { signal }),
  });

  const groupNames = useGroupNames();
  /** Who an assignment is for: how many people, then each group by name (those not known by name counted). */
  const assignees = ({ userIds, groupIds }: Assignment) => {
    const named = groupIds.flatMap((id) => groupNames.get(id) ?? []);
    const unnamed = groupIds.length - named.length;
    const count = (key: string, n: number) => t(key, { count: n, formatted: formatNumber(n) });
    return [
      ...(userIds.length > 0 ? [count('assignments.peopleCount', userIds.length)] : []),
      ...named,
      ...(unnamed > 0 ? [count('assignments.groupCount', unnamed)] : []),
    ].join(', ');
  };

  const deletion = useDeletion(async (assignment: Assignment) => {
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
  });

  const body = (
    <QueryResult query={assignments} section="assignments" empty={<EmptyState title={t('assignments.none')} />}>
      {(items) => (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <TableHead
              columns={[
                t('assignments.kind'),
                t('assignments.assignees'),
                t('assignments.due'),
                t('assignments.recurrence'),
                t('assignments.createdAt'),
                <span className={hidden.visuallyHidden}>{t('assignments.actions')}</span>,
              ]}
            />
            <tbody>
              {items.map((assignment) => (
                <tr key={assignment.id}>
                  <td>{t(assignment.mandatory ? 'assigned.mandatory' : 'assigned.recommended')}</td>
                  <td>{assignees(assignment)}</td>
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
                    <button type="button" className={buttons.buttonDanger} onClick={() => deletion.ask(assignment)}>
                      {t('assignments.delete')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </QueryResult>
  );

  return (
    <section className={styles.card} aria-labelledby="assignments-list-title">
      <h2 id="assignments-list-title" className={styles.cardTitle}>
        {t('assignments.listTitle')}
      </h2>
      {body}
      <DeletionDialog
        namespace={ADMIN_NAMESPACE}
        deletion={deletion}
        texts="assignments.deleteDialog"
        values={(assignment) => ({ title: assignment.courseTitle })}
      />
    </section>
  );
}
