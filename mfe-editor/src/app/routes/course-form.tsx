import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { pages } from '@portal/contracts/pages';
import { useCourseFormData } from '../../features/course-form/api/load-course-form.ts';
import { CourseForm } from '../../features/course-form/components/course-form.tsx';
import styles from '../../features/course-form/components/course-form.module.css';
import { EDITOR_NAMESPACE } from '../../lib/i18n.ts';
import { withQueries } from '../../lib/queries.ts';
import type { PageProps } from '@portal/contracts/pages';

function Loader({ courseId }: { courseId: string | undefined }) {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const navigate = useNavigate();
  const { state, retry } = useCourseFormData(courseId);
  const told = useRef(false);

  useEffect(() => {
    if (state.status !== 'invalid' || told.current) return;
    told.current = true;
    toast.error(t('messages.invalidCourseId'));
    void navigate(pages.dashboard.getHref(), { replace: true });
  }, [state.status, navigate, t]);

  switch (state.status) {
    case 'loading':
      return (
        <p role="status" className={styles.state}>
          {t('form.loading')}
        </p>
      );
    case 'invalid':
      return null;
    case 'error':
      return (
        <div role="alert" className={styles.state}>
          <p>{t('form.loadFailed')}</p>
          <button type="button" className={styles.secondary} onClick={retry}>
            {t('form.retry')}
          </button>
        </div>
      );
    case 'ready':
      return (
        <CourseForm
          mode={courseId === undefined ? 'create' : 'edit'}
          course={state.course}
          categories={state.categories}
        />
      );
  }
}

/**
 * Exposed as ./CourseFormPage, for /create-course and /edit-course/:courseId. Only system administrators
 * write courses (the server refuses the others anyway).
 */
export default withQueries(function CourseFormPage({ session }: PageProps<'status' | 'user'>) {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const { courseId } = useParams();
  if (!session.user?.isSysAdmin) {
    return (
      <p role="alert" className={styles.state}>
        {t('form.notAllowed')}
      </p>
    );
  }
  // A new id (or create after edit) starts a new form.
  return <Loader key={courseId ?? 'new'} courseId={courseId} />;
});
