import { hasStatus } from '@portal/web-kit/api-errors';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { LoadingState, QueryError } from '../../components/page-states.ts';
import { DueNote } from '../../features/assigned/components/due-note.tsx';
import { useCourse } from '../../features/course-details/api/get-course.ts';
import { CourseNotFound } from '../../features/course-details/components/course-not-found.tsx';
import { CourseView } from '../../features/course-details/components/course-view.tsx';
import { COURSES_NAMESPACE } from '../../lib/i18n.ts';
import { useMyParticipations, withQueries } from '../../lib/queries.tsx';
import type { PageProps } from '@portal/contracts/pages';

/** Exposed as ./CourseDetailsPage: one course at /course/:courseId. */
function CourseDetailsPage({ session }: PageProps<'status' | 'user'>) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const { courseId = '' } = useParams();
  const course = useCourse(courseId);
  // Asked at the same time as the course: the page opens with where the reader stands.
  const participations = useMyParticipations();

  const failure = course.error;
  const missing = hasStatus(failure, 400, 404);
  useEffect(() => {
    if (!failure) return;
    if (missing) console.warn(`Course ${courseId} not found`, failure);
    else console.error(`Could not load the course ${courseId}`, failure);
  }, [failure, missing, courseId]);

  if (course.isPending || participations.pending) return <LoadingState label={t('details.loading')} />;
  if (course.isError) {
    if (missing) return <CourseNotFound />;
    return <QueryError query={course} section="details" />;
  }
  return (
    <CourseView
      course={course.data}
      participation={participations.byCourse.get(courseId)}
      isAdmin={session.user?.isSysAdmin === true}
      notice={<DueNote courseId={courseId} />}
    />
  );
}

export default withQueries(CourseDetailsPage);
