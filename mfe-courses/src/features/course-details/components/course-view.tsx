import type { Course, MyParticipation } from '@portal/contracts/courses';
import { formatNumber } from '@portal/web-kit/format';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import icon from '@portal/web-kit/styles/icon-button.module.css';
import hidden from '@portal/web-kit/styles/visually-hidden.module.css';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CourseLanguage } from '../../../components/course-language.tsx';
import { CloseIcon, EditIcon } from '../../../components/icons.tsx';
import ui from '../../../components/ui.module.css';
import { pages } from '@portal/contracts/pages';
import { COURSES_NAMESPACE } from '../../../lib/i18n.ts';
import { sanitizeDescription } from '../../../lib/sanitize.ts';
import { CourseFiles } from './course-files.tsx';
import { CourseLessons } from './course-lessons.tsx';
import styles from './course-view.module.css';
import { ParticipationPanel } from './participation-panel.tsx';

/** Administrators only: employees' pages do not carry the audit trail's call and schemas. */
const CourseHistory = lazy(() => import('./course-history.tsx'));

interface Props {
  course: Course;
  /** The reader's participation in the course, if any. */
  participation: MyParticipation | undefined;
  /** Administrators get the Edit button; a draft (only they see one) is shown as a preview. */
  isAdmin: boolean;
  /** What the page adds above Start / Mark as completed: when the course is due, if it is assigned to the reader. */
  notice?: ReactNode;
}

/**
 * A course, read-only: title, draft marker, categories, participants, Start / Mark as completed, description
 * (the introduction when the course has lessons), its lessons and files. A draft opens as a preview: the page as employees will see it once it is published.
 */
export function CourseView({ course, participation, isAdmin, notice }: Props) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const description = useMemo(() => sanitizeDescription(course.description), [course.description]);
  return (
    <article className={styles.course} aria-labelledby="course-title">
      {!course.isPublished && (
        <p className={styles.preview} role="note">
          {t('details.previewBanner')}
        </p>
      )}
      <header className={styles.header}>
        <div className={styles.heading}>
          {!course.isPublished && <p className={ui.tagDraft}>{t('details.draft')}</p>}
          <h1 id="course-title" className={styles.title} lang={course.language}>
            {course.title}
          </h1>
          <CourseLanguage language={course.language} languages={course.languages} />
        </div>
        <div className={styles.headerActions}>
          {isAdmin && course.completionProof === 'upload' && (
            <Link to={pages.adminReviews.getHref()} className={buttons.button}>
              {t('result.reviewLink')}
            </Link>
          )}
          {isAdmin && (
            <Link to={pages.courseLessons.getHref(course.id)} className={buttons.button}>
              {t('details.lessonsLink')}
            </Link>
          )}
          {isAdmin && (
            <Link to={pages.editCourse.getHref(course.id)} className={`${buttons.button} ${styles.edit}`}>
              <EditIcon />
              {t('details.edit')}
            </Link>
          )}
          <Link
            to={pages.dashboard.getHref()}
            className={icon.iconButton}
            aria-label={t('details.close')}
            title={t('details.close')}
          >
            <CloseIcon />
          </Link>
        </div>
      </header>

      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{t('details.categories')}</dt>
          <dd>
            {course.categories.length > 0
              ? course.categories.map((category) => category.name).join(', ')
              : t('details.noCategories')}
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('details.participants')}</dt>
          <dd>{formatNumber(course.participantCount)}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('details.completedBy')}</dt>
          <dd>{formatNumber(course.completedCount)}</dd>
        </div>
      </dl>

      {notice}
      <ParticipationPanel course={course} participation={participation} />

      <section aria-labelledby="course-description">
        <h2 id="course-description" className={hidden.visuallyHidden}>
          {t('details.description')}
        </h2>
        <div className={styles.description} lang={course.language} dangerouslySetInnerHTML={{ __html: description }} />
      </section>

      <CourseLessons courseId={course.id} />

      <section className={styles.section} aria-labelledby="course-files">
        <h2 id="course-files" className={styles.sectionTitle}>
          {t('details.files')}
        </h2>
        <CourseFiles courseId={course.id} />
      </section>

      {isAdmin && (
        <Suspense fallback={null}>
          <CourseHistory courseId={course.id} />
        </Suspense>
      )}
    </article>
  );
}
