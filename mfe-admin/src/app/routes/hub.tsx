import { type PageName, type PageProps, pages } from '@portal/contracts/pages';
import { formatNumber } from '@portal/web-kit/format';
import card from '@portal/web-kit/styles/card.module.css';
import layout from '@portal/web-kit/styles/page.module.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePendingResultCount } from '../../features/reviews/api/results.ts';
import { ADMIN_NAMESPACE } from '../../lib/i18n.ts';
import { withQueries } from '../../lib/queries.ts';
import styles from './hub.module.css';

/** Every administration page, in the order an administrator sets the portal up; each has a title and a line. */
const SECTIONS = [
  'adminUsers',
  'adminInvite',
  'adminImport',
  'adminGroups',
  'adminSso',
  'adminScim',
  'adminAssignments',
  'adminReviews',
  'adminReports',
  'adminAudit',
] as const satisfies readonly PageName[];

/** How many uploaded results wait for a decision, on the "Results to review" card once known. */
function PendingResults() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const total = usePendingResultCount();
  if (total === undefined) return null;
  return (
    <p className={styles.count} data-testid="pending-results">
      {t('hub.pending', { count: total, formatted: formatNumber(total) })}
    </p>
  );
}

function Hub({ session }: PageProps<'user'>) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  if (!session.user?.isSysAdmin) return <p role="alert">{t('hub.forbidden')}</p>;
  return (
    <section className={layout.page} aria-labelledby="administration-title">
      <h1 id="administration-title" className={layout.title}>
        {t('hub.title')}
      </h1>
      <ul className={styles.sections}>
        {SECTIONS.map((name) => (
          <li key={name} className={card.card}>
            <Link to={pages[name].getHref()} className={styles.link}>
              {t(`hub.sections.${name}.title`)}
            </Link>
            <p className={styles.text}>{t(`hub.sections.${name}.text`)}</p>
            {name === 'adminReviews' && <PendingResults />}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /admin: where system administrators find every administration page, so that the header keeps one link. */
export default withQueries(Hub);
