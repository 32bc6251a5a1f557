import { RESULT_STATUSES, type ResultStatus } from '@portal/contracts/course-results';
import { apiErrorKey } from '@portal/web-kit/api-errors';
import field from '@portal/web-kit/styles/field.module.css';
import textInput from '@portal/web-kit/styles/input.module.css';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageToasts } from 'react-toastify';
import { adminPage } from '../../components/admin-page.tsx';
import { LabelledField } from '@portal/web-kit/labelled-field';
import { EmptyState, QueryResult } from '../../components/page-states.ts';
import { Pager } from '@portal/web-kit/pager';
import { REVIEW_PAGE_SIZE, useResults, useReview } from '../../features/reviews/api/results.ts';
import { ReviewRow } from '../../features/reviews/components/review-row.tsx';
import styles from '../../features/reviews/components/reviews.module.css';
import { ADMIN_NAMESPACE } from '../../lib/i18n.ts';

const FAILURES = { result_not_pending: 'reviews.alreadyReviewed', not_found: 'reviews.gone' };

function Reviews() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const statusId = useId();
  const [status, setStatus] = useState<ResultStatus>('pending');
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<string | null>(null);
  const results = useResults(status, page);
  const toast = usePageToasts();
  const review = useReview(
    (decision) => {
      setDeciding(null);
      toast.success(t(decision === 'approve' ? 'reviews.approvedToast' : 'reviews.rejectedToast'));
    },
    (error) => {
      setDeciding(null);
      console.error('Could not record a review decision', error);
      toast.error(t(apiErrorKey(error, 'reviews.decisionFailed', FAILURES)));
    },
  );

  const failure = results.error;
  useEffect(() => {
    if (failure) console.error('Could not load the results to review', failure);
  }, [failure]);

  const decide = (id: string, decision: { decision: 'approve' } | { decision: 'reject'; comment: string }) => {
    setDeciding(id);
    review.mutate({ id, decision });
  };

  const content = (
    <QueryResult
      query={results}
      section="reviews"
      empty={<EmptyState title={t(status === 'pending' ? 'reviews.nonePending' : 'reviews.none')} />}
    >
      {(found) => (
        <>
          <ul className={`${styles.card} ${styles.list}`} aria-label={t('reviews.listLabel')}>
            {found.items.map((result) => (
              <ReviewRow
                key={result.id}
                result={result}
                busy={deciding === result.id}
                onApprove={() => decide(result.id, { decision: 'approve' })}
                onReject={(comment) => decide(result.id, { decision: 'reject', comment })}
              />
            ))}
          </ul>
          <Pager
            namespace={ADMIN_NAMESPACE}
            page={page}
            pages={Math.ceil(found.total / REVIEW_PAGE_SIZE)}
            onPage={setPage}
          />
        </>
      )}
    </QueryResult>
  );

  return (
    <>
      <LabelledField htmlFor={statusId} label={t('reviews.show')} className={`${field.field} ${styles.filter}`}>
        <select
          id={statusId}
          className={textInput.input}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as ResultStatus);
            setPage(1);
          }}
        >
          {RESULT_STATUSES.map((option) => (
            <option key={option} value={option}>
              {t(`reviews.status.${option}`)}
            </option>
          ))}
        </select>
      </LabelledField>
      {content}
    </>
  );
}

/** Exposed as ./AdminReviewsPage: system administrators approve or reject the results learners uploaded. */
export default adminPage('reviews', styles, Reviews);
