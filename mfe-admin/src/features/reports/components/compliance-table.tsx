import type { ComplianceRow } from '@portal/contracts/training';
import { formatNumber, formatPercent } from '@portal/web-kit/format';
import { useTranslation } from 'react-i18next';
import styles from '../../../components/admin.module.css';
import { ADMIN_NAMESPACE } from '../../../lib/i18n.ts';

const NUMBER_COLUMNS = [
  'reports.assigned',
  'reports.completedInTime',
  'reports.overdue',
  'reports.compliance',
] as const;

/** Per group and course: of those assigned, the share who completed in time. */
export function ComplianceTable({ rows }: { rows: ComplianceRow[] }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t('reports.group')}</th>
            <th scope="col">{t('reports.course')}</th>
            {NUMBER_COLUMNS.map((column) => (
              <th key={column} scope="col" className={styles.number}>
                {t(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.groupId ?? 'none'}-${row.courseId}`}>
              <th scope="row">{row.groupName ?? t('reports.noGroup')}</th>
              <td>{row.courseTitle}</td>
              <td className={styles.number}>{formatNumber(row.assigned)}</td>
              <td className={styles.number}>{formatNumber(row.completedInTime)}</td>
              <td className={styles.number}>{formatNumber(row.overdue)}</td>
              <td className={styles.number}>
                {row.assigned === 0 ? '–' : formatPercent(row.completedInTime / row.assigned)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
