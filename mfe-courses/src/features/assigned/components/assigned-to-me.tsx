import { pages } from '@portal/contracts/pages';
import type { MyAssignment } from '@portal/contracts/training';
import { apiErrorKey } from '@portal/web-kit/api-errors';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorState } from '../../../components/page-states.ts';
import { COURSES_NAMESPACE } from '../../../lib/i18n.ts';
import { useMyAssignments } from '../api/my-assignments.ts';
import { useAssignmentLabel } from '../lib/assignment-label.ts';
import styles from './assigned-to-me.module.css';

/** The training service down: the rest of the dashboard still works, which is what the reader needs to know. */
const UNAVAILABLE = { service_unavailable: 'assigned.loadFailedHint', bad_gateway: 'assigned.loadFailedHint' };

const STATE_CLASS: Partial<Record<MyAssignment['status'], string | undefined>> = {
  overdue: styles.overdue,
  expired: styles.overdue,
  completed: styles.completed,
};

/**
 * The reader's assigned courses, first on the dashboard, the most urgent first; nothing while they load or when
 * there are none. If the training service fails, this section says so and the rest of the dashboard works.
 */
export function AssignedToMe() {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const label = useAssignmentLabel();
  const assignments = useMyAssignments();
  const failure = assignments.error;
  useEffect(() => {
    if (failure) console.error('Could not load the assigned courses', failure);
  }, [failure]);

  if (assignments.isPending || assignments.data?.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="assigned-title">
      <h2 id="assigned-title" className={styles.title}>
        {t('assigned.title')}
      </h2>
      {assignments.isError ? (
        <ErrorState
          title={t('assigned.loadFailed')}
          reason={t(apiErrorKey(assignments.error, 'assigned.loadFailedHint', UNAVAILABLE))}
          onRetry={() => void assignments.refetch()}
        />
      ) : (
        <ul className={styles.list}>
          {assignments.data.map((assignment) => {
            const late = assignment.status === 'overdue';
            return (
              <li key={assignment.courseId}>
                <article
                  className={`${styles.card} ${assignment.mandatory ? styles.mandatory : ''} ${STATE_CLASS[assignment.status] ?? ''}`}
                  aria-labelledby={`assigned-${assignment.courseId}`}
                >
                  {late && <span className={styles.overdueTag}>{t('assigned.overdueTag')}</span>}
                  <h3 id={`assigned-${assignment.courseId}`} className={styles.courseTitle}>
                    <Link to={pages.course.getHref(assignment.courseId)} className={styles.link}>
                      {assignment.courseTitle}
                    </Link>
                  </h3>
                  <p className={styles.label}>{label(assignment)}</p>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
