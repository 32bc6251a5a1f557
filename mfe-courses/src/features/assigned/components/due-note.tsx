import { useTranslation } from 'react-i18next';
import ui from '../../../components/ui.module.css';
import { COURSES_NAMESPACE } from '../../../lib/i18n.ts';
import { useMyAssignments } from '../api/my-assignments.ts';
import { useAssignmentLabel } from '../lib/assignment-label.ts';

/** On a course's page, when it is assigned to the reader: whether it is mandatory and when it is due. */
export function DueNote({ courseId }: { courseId: string }) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const label = useAssignmentLabel();
  const assignment = useMyAssignments().data?.find((item) => item.courseId === courseId);
  if (!assignment) return null;
  const late = assignment.status === 'overdue';
  return (
    <p role="note" className={late ? ui.error : ui.muted}>
      <strong>{t('assigned.assignedToYou')}</strong> {label(assignment)}
    </p>
  );
}
