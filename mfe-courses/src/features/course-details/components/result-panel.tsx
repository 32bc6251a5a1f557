import type { Course } from '@portal/contracts/courses';
import { apiErrorKey } from '@portal/web-kit/api-errors';
import { formatDate } from '@portal/web-kit/format';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import spinner from '@portal/web-kit/styles/spinner.module.css';
import hidden from '@portal/web-kit/styles/visually-hidden.module.css';
import { type ChangeEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageToasts } from 'react-toastify';
import { COURSES_NAMESPACE } from '../../../lib/i18n.ts';
import { useMyResult, useUploadResult } from '../api/course-result.ts';
import styles from './participation-panel.module.css';

/** What the server's refusals of an upload mean to the reader. */
const FAILURES = {
  result_type_unsupported: 'result.typeRefused',
  result_too_large: 'result.tooLarge',
  payload_too_large: 'result.tooLarge',
  result_pending: 'result.alreadyPending',
  already_completed: 'result.alreadyCompleted',
  not_started: 'result.notStarted',
  completion_by_confirmation: 'result.notAsked',
};

/** Types by content on the server; the picker offers these. */
const ACCEPTED = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';

/**
 * For a course proved by a result, while the reader takes it: upload the result, see it waiting for review, or
 * read why it was rejected and upload again. An approval completes the course (the panel then shows the date).
 */
export function ResultPanel({ course }: { course: Course }) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const hintId = useId();
  const toast = usePageToasts();
  const result = useMyResult(course.id, true);
  const upload = useUploadResult(course.id, (error) => {
    console.error(`Could not upload a result for the course ${course.id}`, error);
    toast.error(t(apiErrorKey(error, 'result.uploadFailed', FAILURES)));
  });

  if (result.isPending) {
    return (
      <p className={styles.hint} role="status">
        {t('result.loading')}
      </p>
    );
  }
  const latest = result.data ?? null;

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a failure.
    event.target.value = '';
    if (file) upload.mutate(file);
  };

  if (latest?.status === 'pending') {
    return (
      <p className={styles.hint}>
        {t('result.pending', { fileName: latest.fileName, date: formatDate(latest.uploadedAt) })}
      </p>
    );
  }

  return (
    <div className={styles.state}>
      {latest?.status === 'rejected' && (
        <div className={styles.rejected}>
          <p>{t('result.rejected', { date: formatDate(latest.reviewedAt ?? latest.uploadedAt) })}</p>
          {latest.reviewComment && <p className={styles.comment}>{latest.reviewComment}</p>}
        </div>
      )}
      <label
        className={`${buttons.buttonPrimary} ${styles.filePicker}`}
        aria-disabled={upload.isPending}
        aria-busy={upload.isPending}
      >
        {upload.isPending && <span className={spinner.spinner} aria-hidden="true" />}
        {t(upload.isPending ? 'result.uploading' : latest ? 'result.uploadAgain' : 'details.uploadResult')}
        <input
          type="file"
          className={hidden.visuallyHidden}
          accept={ACCEPTED}
          onChange={chosen}
          disabled={upload.isPending}
          aria-describedby={hintId}
        />
      </label>
      <p id={hintId} className={styles.hint}>
        {t('result.hint')}
      </p>
    </div>
  );
}
