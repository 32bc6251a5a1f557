import { apiErrorKey, hasStatus } from '@portal/web-kit/api-errors';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../components/page-states.tsx';
import { useCourse } from '../../features/course-details/api/get-course.ts';
import { CourseNotFound } from '../../features/course-details/components/course-not-found.tsx';
import { CourseView } from '../../features/course-details/components/course-view.tsx';
import { COURSES_NAMESPACE } from '../../lib/i18n.ts';
import type { PageProps } from '@portal/contracts/pages';

/** Exposed as ./CourseDetailsPage: one course at /course/:courseId. */
export default function CourseDetailsPage({ session }: PageProps<'status' | 'user'>) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const { courseId = '' } = useParams();
  const { state, reload, update } = useCourse(courseId);

  const failure = state.status === 'error' ? state.error : null;
  const missing = hasStatus(failure, 400, 404);
  useEffect(() => {
    if (!failure) return;
    if (missing) console.warn(`Course ${courseId} not found`, failure);
    else console.error(`Could not load the course ${courseId}`, failure);
  }, [failure, missing, courseId]);

  if (state.status === 'loading') return <LoadingState label={t('details.loading')} />;
  if (state.status === 'error') {
    if (missing) return <CourseNotFound />;
    const reason = apiErrorKey(state.error, '');
    return <ErrorState title={t('details.loadFailed')} reason={reason ? t(reason) : undefined} onRetry={reload} />;
  }
  return <CourseView course={state.data} update={update} isAdmin={session.user?.isSysAdmin === true} />;
}
