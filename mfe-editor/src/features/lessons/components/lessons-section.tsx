import { LoadingState } from '@portal/web-kit/page-states';
import { useTranslation } from 'react-i18next';
import styles from '../../../components/authoring.module.css';
import { QueryError } from '../../../components/page-states.ts';
import { AUTHORING_NAMESPACE } from '../../../lib/authoring-i18n.ts';
import { useCourse, useLessonOutline } from '../api/lessons.ts';
import { LessonOutline } from './lesson-outline.tsx';

/** The outline of one course, once it and the course's files are loaded. */
export function LessonsSection({ courseId }: { courseId: string }) {
  const { t } = useTranslation(AUTHORING_NAMESPACE);
  const outline = useLessonOutline(courseId);
  const course = useCourse(courseId);
  if (outline.isError) return <QueryError query={outline} section="lessons" />;
  if (course.isError) return <QueryError query={course} section="lessons" />;
  if (!outline.data || !course.data) return <LoadingState label={t('lessons.loading')} />;
  return (
    <div className={styles.card}>
      <h2 className={styles.cardTitle}>{t('lessons.of', { title: course.data.title })}</h2>
      <LessonOutline courseId={courseId} lessons={outline.data.lessons} files={course.data.files ?? []} />
    </div>
  );
}
