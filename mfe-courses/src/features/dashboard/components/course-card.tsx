import { formatDate } from '@portal/web-kit/format';
import icon from '@portal/web-kit/styles/icon-button.module.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CourseLanguage } from '../../../components/course-language.tsx';
import { EditIcon, TrashIcon } from '../../../components/icons.tsx';
import ui from '../../../components/ui.module.css';
import { pages } from '@portal/contracts/pages';
import { COURSES_NAMESPACE } from '../../../lib/i18n.ts';
import type { DashboardCourse } from '../api/list-courses.ts';
import styles from './course-card.module.css';

interface Props {
  course: DashboardCourse;
  /** System administrators get the edit and delete icons; the server refuses everyone else anyway. */
  isAdmin: boolean;
  onDelete: (course: DashboardCourse) => void;
}

/**
 * A course on the dashboard: its title leads to the details; tags tell categories, 'active' and 'Draft'; the
 * reader's own courses say when they were started or completed. The text is in the reader's language when the
 * course has it, else in its default language, which a note says; the course's other languages are named. The description always takes the same number
 * of lines, so cards of a row line up.
 */
export function CourseCard({ course, isAdmin, onDelete }: Props) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const titleId = `course-${course.id}-title`;
  return (
    <article className={`${styles.card} ${course.isPublished ? '' : styles.draft}`} aria-labelledby={titleId}>
      {(!course.isPublished || course.isParticipant) && (
        <p className={styles.status}>
          {!course.isPublished && <span className={ui.tagDraft}>{t('card.draft')}</span>}
          {course.isParticipant && <span className={ui.tagActive}>{t('card.active')}</span>}
        </p>
      )}
      <h3 id={titleId} className={styles.title} lang={course.language}>
        <Link to={pages.course.getHref(course.id)} className={styles.link}>
          {course.title}
        </Link>
      </h3>
      <p className={styles.description} lang={course.language}>
        {course.shortDescription}
      </p>
      <CourseLanguage language={course.language} languages={course.languages} />
      {course.completedAt ? (
        <p className={styles.progress}>{t('card.completedOn', { date: formatDate(course.completedAt) })}</p>
      ) : (
        course.startedAt && (
          <p className={styles.progress}>{t('card.startedOn', { date: formatDate(course.startedAt) })}</p>
        )
      )}
      <div className={styles.footer}>
        {course.categories.length > 0 ? (
          <ul className={styles.tags} aria-label={t('card.categories')}>
            {course.categories.map((category) => (
              <li key={category.id} className={ui.tag}>
                {category.name}
              </li>
            ))}
          </ul>
        ) : (
          <span />
        )}
        {isAdmin && (
          <div className={styles.actions}>
            <Link
              to={pages.editCourse.getHref(course.id)}
              className={icon.iconButton}
              aria-label={t('card.edit', { title: course.title })}
              title={t('card.edit', { title: course.title })}
            >
              <EditIcon />
            </Link>
            <button
              type="button"
              className={`${icon.iconButton} ${icon.iconDanger}`}
              aria-label={t('card.delete', { title: course.title })}
              title={t('card.delete', { title: course.title })}
              onClick={() => onDelete(course)}
            >
              <TrashIcon />
            </button>
          </div>
        )}
      </div>
    </article>
  );
}
