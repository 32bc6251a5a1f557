import buttons from '@portal/web-kit/styles/buttons.module.css';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { pages } from '@portal/contracts/pages';
import { COURSES_NAMESPACE } from '../../../lib/i18n.ts';
import styles from './course-view.module.css';

/** An unknown or malformed course id: says so and offers Back; it does not leave the page by itself. */
export function CourseNotFound() {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const navigate = useNavigate();
  const location = useLocation();
  // The first entry of this tab's history has the key 'default': then there is nowhere to go back to.
  const back = () => (location.key === 'default' ? navigate(pages.dashboard.getHref()) : navigate(-1));
  return (
    <section className={styles.course} aria-labelledby="course-not-found">
      <h1 id="course-not-found" className={styles.title}>
        {t('details.notFound')}
      </h1>
      <p className={styles.muted}>{t('details.notFoundText')}</p>
      <div>
        <button type="button" className={buttons.button} onClick={() => void back()}>
          {t('details.back')}
        </button>
      </div>
    </section>
  );
}
