import { api } from '@portal/contracts/api-client';
import { downloadCourseResultCall, RESULT_LIMITS, type ResultForReview } from '@portal/contracts/course-results';
import { pages } from '@portal/contracts/pages';
import { formatDate, formatFileSize, formatTime } from '@portal/web-kit/format';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import field from '@portal/web-kit/styles/field.module.css';
import textInput from '@portal/web-kit/styles/input.module.css';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LabelledField } from '@portal/web-kit/labelled-field';
import { ADMIN_NAMESPACE } from '../../../lib/i18n.ts';
import styles from './reviews.module.css';

interface Props {
  result: ResultForReview;
  busy: boolean;
  onApprove: () => void;
  onReject: (comment: string) => void;
}

/** One uploaded result: its course, who uploaded it and when, the file; approve, or reject with a comment. */
export function ReviewRow({ result, busy, onApprove, onReject }: Props) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const commentId = useId();
  const [rejecting, setRejecting] = useState(false);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const uploadedAt = new Date(result.uploadedAt);
  const fileHref = api.url(downloadCourseResultCall.path.replace(':id', encodeURIComponent(result.id)));

  const reject = () => {
    if (comment.trim() === '') {
      setMissing(true);
      return;
    }
    onReject(comment.trim());
  };

  // Approve or reject; once rejecting, the rejection with its comment, or back.
  const choices = rejecting
    ? [
        { label: 'reviews.confirmReject', className: buttons.buttonDanger, onClick: reject },
        { label: 'common.cancel', className: buttons.button, onClick: () => setRejecting(false) },
      ]
    : [
        { label: 'reviews.approve', className: buttons.buttonPrimary, onClick: onApprove },
        { label: 'reviews.reject', className: buttons.button, onClick: () => setRejecting(true) },
      ];

  return (
    <li className={styles.row}>
      <dl className={styles.facts}>
        <dt>{t('reviews.course')}</dt>
        <dd>
          <Link to={pages.course.getHref(result.courseId)}>{result.courseTitle}</Link>
        </dd>
        <dt>{t('reviews.person')}</dt>
        <dd>{result.person ? `${result.person.name} (${result.person.email})` : t('reviews.unknownPerson')}</dd>
        <dt>{t('reviews.uploadedAt')}</dt>
        <dd>{t('reviews.dateTime', { date: formatDate(result.uploadedAt), time: formatTime(uploadedAt) })}</dd>
        <dt>{t('reviews.file')}</dt>
        <dd>
          <a href={fileHref} target="_blank" rel="noreferrer">
            {result.fileName}
          </a>{' '}
          ({formatFileSize(result.fileSize)})
        </dd>
        {result.status !== 'pending' && (
          <>
            <dt>{t('reviews.decision')}</dt>
            <dd>{t(result.status === 'approved' ? 'reviews.approved' : 'reviews.rejected')}</dd>
          </>
        )}
        {result.reviewComment && (
          <>
            <dt>{t('reviews.comment')}</dt>
            <dd className={styles.comment}>{result.reviewComment}</dd>
          </>
        )}
      </dl>
      {result.status === 'pending' && (
        <div className={styles.actions}>
          {rejecting && (
            <LabelledField htmlFor={commentId} label={t('reviews.commentLabel')}>
              <textarea
                id={commentId}
                className={textInput.input}
                value={comment}
                maxLength={RESULT_LIMITS.reviewCommentMax}
                rows={3}
                aria-invalid={missing}
                aria-describedby={missing ? `${commentId}-error` : undefined}
                onChange={(event) => {
                  setComment(event.target.value);
                  setMissing(false);
                }}
              />
              {missing && (
                <p id={`${commentId}-error`} className={field.error}>
                  {t('reviews.commentRequired')}
                </p>
              )}
            </LabelledField>
          )}
          <div className={styles.buttons}>
            {choices.map(({ label, className, onClick }) => (
              <button key={label} type="button" className={className} disabled={busy} onClick={onClick}>
                {t(label)}
              </button>
            ))}
          </div>
        </div>
      )}
    </li>
  );
}
