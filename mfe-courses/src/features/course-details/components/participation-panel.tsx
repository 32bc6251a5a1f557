import type { Course } from '@portal/contracts/courses';
import { formatDate } from '@portal/web-kit/format';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import ui from '../../../components/ui.module.css';
import { COURSES_NAMESPACE } from '../../../lib/i18n.ts';
import { useParticipation } from '../api/participation.ts';
import styles from './participation-panel.module.css';

interface Props {
  course: Course;
  update: (change: (course: Course) => Course) => void;
}

/** Start/Stop the course, where the reader stands, and the 'Upload result' button while the course is started. */
export function ParticipationPanel({ course, update }: Props) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const hintId = useId();
  const { pending, toggle } = useParticipation(course, update, (error, starting) => {
    console.error(`Could not ${starting ? 'start' : 'stop'} the course ${course.id}`, error);
    toast.error(t('details.actionFailed'));
  });
  const started = course.isParticipant;

  return (
    <div className={styles.panel}>
      <div className={styles.actions}>
        <button
          type="button"
          className={started ? ui.button : ui.buttonPrimary}
          onClick={() => void toggle()}
          disabled={pending}
          aria-busy={pending}
        >
          {pending && <span className={ui.spinner} aria-hidden="true" />}
          {t(started ? 'details.stop' : 'details.start')}
        </button>
        {started && (
          <button type="button" className={ui.button} disabled aria-describedby={hintId}>
            {t('details.uploadResult')}
          </button>
        )}
      </div>
      <div className={styles.state} aria-live="polite">
        {started && <p className={ui.tagActive}>{t('details.started')}</p>}
        {!started && course.completedAt && (
          <p className={styles.completed}>{t('details.completedOn', { date: formatDate(course.completedAt) })}</p>
        )}
        {started && (
          <p id={hintId} className={styles.hint}>
            {t('details.uploadResultSoon')}
          </p>
        )}
      </div>
    </div>
  );
}
