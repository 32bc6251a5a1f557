import { useState } from 'react';
import styles from '../../components/admin.module.css';
import { adminPage } from '../../components/admin-page.tsx';
import { AssignmentForm } from '../../features/assignments/components/assignment-form.tsx';
import { AssignmentList } from '../../features/assignments/components/assignment-list.tsx';
import { useCourseOptions } from '../../lib/training-options.ts';

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

/** Exposed as ./AdminAssignmentsPage: administrators assign courses and withdraw assignments. */
export default adminPage('assignments', styles, Assignments);
