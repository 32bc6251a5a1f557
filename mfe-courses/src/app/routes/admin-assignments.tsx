import type { PageProps } from '@portal/contracts/pages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../components/admin.module.css';
import { PageHeader } from '../../components/page-header.tsx';
import { AssignmentForm } from '../../features/assignments/components/assignment-form.tsx';
import { AssignmentList } from '../../features/assignments/components/assignment-list.tsx';
import { COURSES_NAMESPACE } from '../../lib/i18n.ts';
import { withQueries } from '../../lib/queries.tsx';
import { useCourseOptions } from '../../lib/training-options.ts';

/** Exposed as ./AdminAssignmentsPage: administrators assign courses and withdraw assignments. */
function AdminAssignmentsPage({ session }: PageProps<'status' | 'user'>) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  return (
    <section className={styles.page} aria-labelledby="assignments-title">
      <PageHeader id="assignments-title" title={t('assignments.title')} subtitle={t('assignments.subtitle')} />
      {session.user?.isSysAdmin ? (
        <Assignments />
      ) : (
        <p role="alert" className={styles.card}>
          {t('assignments.notAllowed')}
        </p>
      )}
    </section>
  );
}

function Assignments() {
  const courses = useCourseOptions();
  const [courseId, setCourseId] = useState('');
  return (
    <>
      <AssignmentForm courses={courses} courseId={courseId} onCourse={setCourseId} />
      {courseId && <AssignmentList courseId={courseId} />}
    </>
  );
}

export default withQueries(AdminAssignmentsPage);
