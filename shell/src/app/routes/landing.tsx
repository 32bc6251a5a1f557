import buttons from '@portal/web-kit/styles/buttons.module.css';
import card from '@portal/web-kit/styles/card.module.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pages } from '@portal/contracts/pages';
import { usePortalConfig } from '../../lib/portal-config.tsx';
import { useSession } from '../../lib/session.tsx';
import styles from './landing.module.css';

const TOPICS = ['safety', 'privacy', 'projects', 'meetings', 'customers', 'leadership'] as const;

/** The public start page: what the portal is, with the way in. */
export function LandingRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  // With REGISTRATION=invite or off, accounts come from administrators or the company's sign-in only.
  const mayRegister = ['open', 'domains'].includes(usePortalConfig().registration);
  return (
    <div className={styles.landing}>
      <section className={styles.hero} aria-labelledby="landing-title">
        <p className={styles.eyebrow}>{t('app.title')}</p>
        <h1 id="landing-title" className={styles.title}>
          {t('landing.title')}
        </h1>
        <p className={styles.subtitle}>{t('landing.subtitle')}</p>
        {user ? (
          <Link to={pages.dashboard.getHref()} className={buttons.buttonPrimary}>
            {t('landing.toOverview')}
          </Link>
        ) : (
          <div className={styles.actions}>
            <Link to={pages.login.getHref()} className={buttons.buttonPrimary}>
              {t('landing.login')}
            </Link>
            {mayRegister && (
              <Link to={pages.register.getHref()} className={`${buttons.button} ${styles.secondary}`}>
                {t('landing.register')}
              </Link>
            )}
          </div>
        )}
      </section>
      <section className={styles.about}>
        <p>{t('landing.paragraph1')}</p>
        <p>{t('landing.paragraph2')}</p>
      </section>
      <section aria-labelledby="topics-title">
        <h2 id="topics-title" className={styles.topicsTitle}>
          {t('landing.topicsTitle')}
        </h2>
        <ul className={styles.topics}>
          {TOPICS.map((topic) => (
            <li key={topic} className={`${card.card} ${styles.topic}`}>
              <h3 className={styles.topicTitle}>{t(`landing.topics.${topic}.title`)}</h3>
              <p className={styles.topicText}>{t(`landing.topics.${topic}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
