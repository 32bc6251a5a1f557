import { api } from '@portal/contracts/api-client';
import { listAuditEntriesCall } from '@portal/contracts/audit';
import { pages } from '@portal/contracts/pages';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { COURSES_NAMESPACE } from '../../../lib/i18n.ts';
import styles from './course-view.module.css';

/** The latest changes shown; the audit page has the rest. */
const SHOWN = 5;

/** The course actions the page names in words; another action shows as recorded. */
const KNOWN_ACTIONS = ['course.created', 'course.updated', 'course.published', 'course.unpublished'] as const;

/**
 * The course's own history, for administrators: who changed it and when, newest first, from the audit trail. A
 * trail that cannot be read leaves the rest of the page as it is.
 */
export default function CourseHistory({ courseId }: { courseId: string }) {
  const { t, i18n } = useTranslation(COURSES_NAMESPACE);
  const history = useQuery({
    queryKey: ['course-history', courseId],
    queryFn: ({ signal }) =>
      api.send(listAuditEntriesCall, { query: { objectId: courseId, limit: SHOWN } }, { signal }),
  });
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className={styles.section} aria-labelledby="course-history">
      <h2 id="course-history" className={styles.sectionTitle}>
        {t('details.history.title')}
      </h2>
      {history.isPending ? <p role="status">{t('details.history.loading')}</p> : null}
      {history.isError ? <p role="status">{t('details.history.unavailable')}</p> : null}
      {history.data ? (
        history.data.entries.length === 0 ? (
          <p>{t('details.history.none')}</p>
        ) : (
          <ul className={styles.history}>
            {history.data.entries.map((entry) => (
              <li key={entry.seq}>
                {t('details.history.entry', {
                  what: (KNOWN_ACTIONS as readonly string[]).includes(entry.action)
                    ? t(`details.history.actions.${entry.action.replace('course.', '')}`)
                    : entry.action,
                  who: entry.actor.name ?? t('details.history.system'),
                  when: dateTime.format(new Date(entry.occurredAt)),
                })}
              </li>
            ))}
          </ul>
        )
      ) : null}
      <Link to={`${pages.adminAudit.getHref()}?objectId=${encodeURIComponent(courseId)}`}>
        {t('details.history.all')}
      </Link>
    </section>
  );
}
