import type { CompletionRequirement, Course, MyParticipation } from '@portal/contracts/courses';
import { apiErrorKey } from '@portal/web-kit/api-errors';
import { ConfirmDialog } from '@portal/web-kit/confirm-dialog';
import { formatDate } from '@portal/web-kit/format';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import spinner from '@portal/web-kit/styles/spinner.module.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageToasts } from 'react-toastify';
import ui from '../../../components/ui.module.css';
import { COURSES_NAMESPACE } from '../../../lib/i18n.ts';
import { useParticipation } from '../api/participation.ts';
import styles from './participation-panel.module.css';
import { ResultPanel } from './result-panel.tsx';

interface Props {
  course: Course;
  participation: MyParticipation | undefined;
}

const FAILURES = { course_draft: 'details.draftNotStartable', completion_needs_result: 'result.needed' };

/**
 * Start the course, then complete it: by a confirmation, or, when the course asks for a result, by uploading it
 * for review; where the reader stands (started, or the date of their last completion). A draft cannot be
 * started: its page says so instead.
 */
const RULE_HINTS = {
  lessons: 'details.ruleLessons',
  quizzes: 'details.ruleQuizzes',
  both: 'details.ruleBoth',
} as const;
const ruleOf = (requires: readonly CompletionRequirement[]) =>
  requires.length === 2 ? 'both' : requires.includes('quizzes_passed') ? 'quizzes' : 'lessons';

export function ParticipationPanel({ course, participation }: Props) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const [confirming, setConfirming] = useState(false);
  const toast = usePageToasts();
  const { started, completedAt, pending, toggle } = useParticipation(course, participation, (error, starting) => {
    console.error(`Could not ${starting ? 'start' : 'complete'} the course ${course.id}`, error);
    toast.error(t(apiErrorKey(error, starting ? 'details.startFailed' : 'details.completeFailed', FAILURES)));
  });

  if (!course.isPublished) {
    return (
      <div className={styles.panel}>
        <p className={styles.hint}>{t('details.draftNoStart')}</p>
      </div>
    );
  }

  const complete = async () => {
    await toggle();
    setConfirming(false);
  };
  const byResult = course.completionProof === 'upload';
  // Completed by itself once its lessons are viewed or its quizzes passed: no "Mark as completed".
  const byRule = !byResult && course.completionRequires.length > 0;

  return (
    <div className={styles.panel}>
      {!(started && (byResult || byRule)) && (
        <div className={styles.actions}>
          <button
            type="button"
            className={started ? buttons.button : buttons.buttonPrimary}
            onClick={() => (started ? setConfirming(true) : void toggle())}
            disabled={pending}
            aria-busy={pending}
          >
            {pending && <span className={spinner.spinner} aria-hidden="true" />}
            {t(started ? 'details.complete' : 'details.start')}
          </button>
        </div>
      )}
      <div className={styles.state} aria-live="polite">
        {started && <p className={ui.tagActive}>{t('details.started')}</p>}
        {completedAt && (
          <p className={styles.completed}>{t('details.completedOn', { date: formatDate(completedAt) })}</p>
        )}
        {!started && byResult && <p className={styles.hint}>{t('result.asked')}</p>}
        {byRule && !completedAt && <p className={styles.hint}>{t(RULE_HINTS[ruleOf(course.completionRequires)])}</p>}
      </div>
      {started && byResult && <ResultPanel course={course} />}
      {confirming && (
        <ConfirmDialog
          title={t('details.completeTitle')}
          message={t('details.completeText', { title: course.title })}
          confirmLabel={t('details.complete')}
          busyLabel={t('details.completing')}
          cancelLabel={t('common.cancel')}
          busy={pending}
          tone="primary"
          onConfirm={() => void complete()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
