import card from '@portal/web-kit/styles/card.module.css';
import layout from '@portal/web-kit/styles/page.module.css';
import { api } from '@portal/contracts/api-client';
import { listCourseResultsCall } from '@portal/contracts/course-results';
import { type PageName, pages } from '@portal/contracts/pages';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession } from '../../lib/session.tsx';
import styles from './administration.module.css';

/** Every administration page, in the order an administrator sets the portal up; each has a title and a line. */
const SECTIONS = [
  'adminUsers',
  'adminGroups',
  'adminSso',
  'adminScim',
  'adminAssignments',
  'adminReviews',
  'adminReports',
  'adminAudit',
] as const satisfies readonly PageName[];

/** How many results wait for review: one row asked for, the queue's total read from its count header. */
function useResultsWaiting(isSysAdmin: boolean): number | null {
  const [waiting, setWaiting] = useState<number | null>(null);
  useEffect(() => {
    if (!isSysAdmin) return;
    const controller = new AbortController();
    api
      .send(listCourseResultsCall, { query: { status: 'pending', limit: 1 } }, { signal: controller.signal })
      .then(({ total }) => setWaiting(total))
      // The card stays without its count when the queue cannot answer: the page behind the link says why.
      .catch(() => setWaiting(null));
    return () => controller.abort();
  }, [isSysAdmin]);
  return waiting;
}

/** /admin: where system administrators find every administration page, so that the header keeps one link. */
export default function AdministrationRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  const resultsWaiting = useResultsWaiting(user?.isSysAdmin === true);
  if (!user?.isSysAdmin) return <p role="alert">{t('administration.forbidden')}</p>;
  return (
    <section className={layout.page} aria-labelledby="administration-title">
      <h1 id="administration-title" className={layout.title}>
        {t('administration.title')}
      </h1>
      <ul className={styles.sections}>
        {SECTIONS.map((name) => (
          <li key={name} className={card.card}>
            <Link to={pages[name].getHref()} className={styles.link}>
              {t(`administration.sections.${name}.title`)}
            </Link>
            {name === 'adminReviews' && resultsWaiting !== null && (
              <p className={styles.count}>{t('administration.resultsWaiting', { count: resultsWaiting })}</p>
            )}
            <p className={styles.text}>{t(`administration.sections.${name}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
