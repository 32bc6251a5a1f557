import type { QuizGrantInput } from '@portal/contracts/quiz-report';
import { Pager } from '@portal/web-kit/pager';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageToasts } from 'react-toastify';
import { useParams } from 'react-router-dom';
import styles from '../../components/admin.module.css';
import { adminPage } from '../../components/admin-page.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-states.ts';
import { FOLLOW_UP_PAGE_SIZE, useQuizReport } from '../../features/quiz-report/api/quiz-report.ts';
import { FollowUpTable } from '../../features/quiz-report/components/follow-up-table.tsx';
import { GrantDialog } from '../../features/quiz-report/components/grant-dialog.tsx';
import { ItemAnalysisTable } from '../../features/quiz-report/components/item-analysis-table.tsx';
import { ADMIN_NAMESPACE } from '../../lib/i18n.ts';

function QuizReport() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { lessonId = '' } = useParams();
  const [page, setPage] = useState(1);
  const [granting, setGranting] = useState<{ userId: string; kind: QuizGrantInput['kind'] } | null>(null);
  const report = useQuizReport(lessonId, page);
  const toast = usePageToasts();

  const failure = report.error;
  useEffect(() => {
    if (failure) console.error('Could not load the quiz report', failure);
  }, [failure]);

  if (report.isError) return <ErrorState title={t('quizReport.loadFailed')} onRetry={() => void report.refetch()} />;
  if (!report.data) return <LoadingState label={t('quizReport.loading')} />;
  const { courseId, questions, followUp } = report.data;

  return (
    <>
      <div className={styles.card}>
        <h2 className={styles.cardTitle}>{t('quizReport.itemsTitle')}</h2>
        {questions.length === 0 ? (
          <EmptyState title={t('quizReport.noAttempts')} />
        ) : (
          <ItemAnalysisTable questions={questions} />
        )}
      </div>
      <div className={styles.card}>
        <h2 className={styles.cardTitle}>{t('quizReport.followUpTitle')}</h2>
        <p className={styles.muted}>{t('quizReport.followUpIntro')}</p>
        {followUp.total === 0 ? (
          <EmptyState title={t('quizReport.nobody')} />
        ) : (
          <>
            <FollowUpTable
              courseId={courseId}
              people={followUp.people}
              onGrant={(userId, kind) => setGranting({ userId, kind })}
            />
            <Pager
              namespace={ADMIN_NAMESPACE}
              page={page}
              pages={Math.ceil(followUp.total / FOLLOW_UP_PAGE_SIZE)}
              onPage={setPage}
            />
          </>
        )}
      </div>
      {granting && (
        <GrantDialog
          lessonId={lessonId}
          userId={granting.userId}
          kind={granting.kind}
          onClose={(granted) => {
            if (granted) toast.success(t(`quizReport.${granting.kind}.done`));
            setGranting(null);
          }}
        />
      )}
    </>
  );
}

/** Exposed as ./AdminQuizReportPage: a quiz lesson's item analysis and the people to follow up, with their grants. */
export default adminPage('quizReport', styles, QuizReport);
