import { formatNumber } from '@portal/web-kit/format';
import { currentLanguage } from '@portal/web-kit/i18n';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import styles from '../../components/admin.module.css';
import { adminPage } from '../../components/admin-page.tsx';
import { EmptyState, ErrorState, LoadingState, QueryResult } from '../../components/page-states.ts';
import { Pager } from '@portal/web-kit/pager';
import { useComplianceReport, useCompletionReport } from '../../features/reports/api/reports.ts';
import { ComplianceTable } from '../../features/reports/components/compliance-table.tsx';
import { CompletionTable } from '../../features/reports/components/completion-table.tsx';
import { ReportFilters } from '../../features/reports/components/report-filters.tsx';
import {
  pageOf,
  REPORT_PAGE_SIZE,
  type ReportFilter,
  readReportFilter,
  reportFilterParams,
  reportQuery,
} from '../../features/reports/lib/report-filter.ts';
import { ADMIN_NAMESPACE } from '../../lib/i18n.ts';
import { training } from '../../lib/training-api.ts';
import { useCourseOptions, useGroupOptions } from '../../lib/training-options.ts';

function Reports() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [params, setParams] = useSearchParams();
  const filter = readReportFilter(params);
  const language = currentLanguage();
  const query = reportQuery(filter, language);
  const report = useCompletionReport(query, pageOf(filter));
  const compliance = useComplianceReport(filter.courseId, filter.groupId, filter.includeLeavers);
  const courses = useCourseOptions();
  const groups = useGroupOptions().data ?? [];

  const show = (next: ReportFilter) => setParams(reportFilterParams(next));
  const change = (patch: Partial<Omit<ReportFilter, 'page'>>) => show({ ...filter, ...patch, page: 1 });

  const failure = report.error ?? compliance.error;
  useEffect(() => {
    if (failure) console.error('Could not load the report', failure);
  }, [failure]);

  const person = filter.userId ? report.data?.items[0] : undefined;
  const exportHref = (format: 'csv' | 'xlsx') => training.href('completionReport', { query: { ...query, format } });

  const rows = (
    <QueryResult query={report} section="reports" empty={<EmptyState title={t('reports.noRows')} />}>
      {(found) => (
        <>
          <p className={styles.muted} aria-live="polite">
            {t('reports.count', { count: found.total, formatted: formatNumber(found.total) })}
          </p>
          <CompletionTable
            rows={found.items}
            onPerson={filter.userId ? undefined : (row) => change({ userId: row.userId })}
          />
          <Pager
            namespace={ADMIN_NAMESPACE}
            page={filter.page}
            pages={Math.ceil(found.total / REPORT_PAGE_SIZE)}
            onPage={(page) => show({ ...filter, page })}
          />
        </>
      )}
    </QueryResult>
  );

  return (
    <>
      <div className={styles.card}>
        <ReportFilters filter={filter} courses={courses} groups={groups} onChange={change} />
        <div className={styles.actions}>
          <a className={buttons.button} href={exportHref('csv')} download>
            {t('reports.exportCsv')}
          </a>
          <a className={buttons.button} href={exportHref('xlsx')} download>
            {t('reports.exportXlsx')}
          </a>
        </div>
      </div>

      <section className={styles.card} aria-labelledby="report-rows-title" aria-busy={report.isPlaceholderData}>
        <div className={styles.actions}>
          <h2 id="report-rows-title" className={styles.cardTitle}>
            {filter.userId ? t('reports.historyTitle', { name: person?.name ?? '' }) : t('reports.completionsTitle')}
          </h2>
          {filter.userId && (
            <button type="button" className={buttons.buttonGhost} onClick={() => change({ userId: '' })}>
              {t('reports.everyone')}
            </button>
          )}
        </div>
        {rows}
      </section>

      <section className={styles.card} aria-labelledby="compliance-title">
        <h2 id="compliance-title" className={styles.cardTitle}>
          {t('reports.complianceTitle')}
        </h2>
        <p className={styles.muted}>{t('reports.complianceHint')}</p>
        {compliance.isError ? (
          <ErrorState title={t('reports.loadFailed')} onRetry={() => void compliance.refetch()} />
        ) : compliance.isPending ? (
          <LoadingState label={t('reports.loading')} />
        ) : compliance.data.length === 0 ? (
          <EmptyState title={t('reports.noRows')} />
        ) : (
          <ComplianceTable rows={compliance.data} />
        )}
      </section>
    </>
  );
}

/** Exposed as ./AdminReportsPage: who stands where with their assigned courses, compliance, and the exports. */
export default adminPage('reports', styles, Reports);
