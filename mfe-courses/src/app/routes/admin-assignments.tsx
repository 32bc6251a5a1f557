import type { PageProps } from '@portal/contracts/pages';
import { useState } from 'react';
import styles from '../../components/admin.module.css';
import { AdminPage } from '../../components/admin-page.tsx';
import { AssignmentForm } from '../../features/assignments/components/assignment-form.tsx';
import { AssignmentList } from '../../features/assignments/components/assignment-list.tsx';
import { withQueries } from '../../lib/queries.tsx';
import { useCourseOptions } from '../../lib/training-options.ts';

/** Exposed as ./AdminAssignmentsPage: administrators assign courses and withdraw assignments. */
function AdminAssignmentsPage({ session }: PageProps<'status' | 'user'>) {
  return (
    <AdminPage session={session} section="assignments" styles={styles}>
      <Assignments />
    </AdminPage>
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
