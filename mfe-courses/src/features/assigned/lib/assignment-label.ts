import type { MyAssignment } from '@portal/contracts/training';
import { formatDayMonth } from '@portal/web-kit/format';
import { currentLanguage } from '@portal/web-kit/i18n';
import { useTranslation } from 'react-i18next';
import { COURSES_NAMESPACE } from '../../../lib/i18n.ts';

const done = (assignment: MyAssignment) => assignment.status === 'completed';

/** Courses still to do before those completed; among them, the one due soonest first, those without a date last. */
export function byUrgency(a: MyAssignment, b: MyAssignment): number {
  if (done(a) !== done(b)) return done(a) ? 1 : -1;
  if (a.dueAt === b.dueAt) return a.courseTitle.localeCompare(b.courseTitle);
  if (a.dueAt === null) return 1;
  if (b.dueAt === null) return -1;
  return Date.parse(a.dueAt) - Date.parse(b.dueAt);
}

/**
 * How the card and the course page say an assignment: "Mandatory · due 12 March", "Recommended · overdue since
 * 3 March", "Mandatory · completed", in the reader's language and date format.
 */
export function useAssignmentLabel(): (assignment: MyAssignment) => string {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const language = currentLanguage();
  const dueText = (assignment: MyAssignment): string => {
    const date = assignment.dueAt && formatDayMonth(assignment.dueAt, language);
    switch (assignment.status) {
      case 'completed':
        return t('assigned.completed');
      case 'overdue':
        return date ? t('assigned.overdueSince', { date }) : t('assigned.overdue');
      case 'expired':
        return date ? t('assigned.dueAgainBy', { date }) : t('assigned.dueAgain');
      default:
        return date ? t('assigned.dueOn', { date }) : t('assigned.noDueDate');
    }
  };
  return (assignment) =>
    t('assigned.label', {
      kind: t(assignment.mandatory ? 'assigned.mandatory' : 'assigned.recommended'),
      due: dueText(assignment),
    });
}
