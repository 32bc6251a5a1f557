import { pages } from '@portal/contracts/pages';
import { uuidSchema } from '@portal/contracts/rules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AUTHORING_NAMESPACE } from '../lib/authoring-i18n.ts';
import styles from './authoring.module.css';

interface Props {
  isSysAdmin: boolean;
  courseId: string | undefined;
  /** `lessons` or `questions`: the section of the texts, and the link to the other page. */
  section: 'lessons' | 'questions';
  children: (courseId: string) => ReactNode;
}

/** A course's authoring page: its heading, the links to the course's other pages, and its content for administrators. */
export function AuthoringPage({ isSysAdmin, courseId, section, children }: Props) {
  const { t } = useTranslation(AUTHORING_NAMESPACE);
  const valid = courseId !== undefined && uuidSchema.safeParse(courseId).success;
  return (
    <section className={styles.page} aria-labelledby={`${section}-title`}>
      <h1 id={`${section}-title`}>{t(`${section}.title`)}</h1>
      {!isSysAdmin ? (
        <p role="alert">{t('common.notAllowed')}</p>
      ) : !valid ? (
        <p role="alert">{t('common.invalidCourse')}</p>
      ) : (
        <>
          <nav className={styles.links} aria-label={t('common.courseLinks')}>
            <Link to={pages.editCourse.getHref(courseId)}>{t('common.editCourse')}</Link>
            <Link to={pages.course.getHref(courseId)}>{t('common.coursePage')}</Link>
            {section === 'lessons' ? (
              <Link to={pages.courseQuestions.getHref(courseId)}>{t('common.questionBank')}</Link>
            ) : (
              <Link to={pages.courseLessons.getHref(courseId)}>{t('common.lessons')}</Link>
            )}
          </nav>
          {children(courseId)}
        </>
      )}
    </section>
  );
}
