import card from '@portal/web-kit/styles/card.module.css';
import layout from '@portal/web-kit/styles/page.module.css';
import { type PageName, pages } from '@portal/contracts/pages';
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

/** /admin: where system administrators find every administration page, so that the header keeps one link. */
export default function AdministrationRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
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
            <p className={styles.text}>{t(`administration.sections.${name}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
