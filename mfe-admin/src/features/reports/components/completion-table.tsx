import type { CompletionRow } from '@portal/contracts/training';
import { formatDate, formatNumber } from '@portal/web-kit/format';
import hidden from '@portal/web-kit/styles/visually-hidden.module.css';
import { TableHead } from '@portal/web-kit/table-head';
import { useTranslation } from 'react-i18next';
import styles from '../../../components/admin.module.css';
import { ADMIN_NAMESPACE } from '../../../lib/i18n.ts';

const LATE = new Set(['overdue', 'expired']);
const LEFT = new Set(['deactivated', 'deleted']);

/** Mandatory or recommended when assigned; taken of one's own accord when nobody assigned it. */
const kindOf = (row: CompletionRow) =>
  row.assignedAt === null ? 'reports.voluntary' : row.mandatory ? 'assigned.mandatory' : 'assigned.recommended';

/**
 * The report's rows, one person and course each; a person's name opens their history. A completion by rule with
 * quizzes shows its evidence: the lowest score of its quizzes, the most attempts one took, the last pass.
 */
export function CompletionTable({
  rows,
  onPerson,
}: {
  rows: CompletionRow[];
  onPerson?: (row: CompletionRow) => void;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const date = (iso: string | null) => (iso ? formatDate(iso) : '–');
  const number = (value: number | null) => (value === null ? '–' : formatNumber(value));
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={hidden.visuallyHidden}>{t('reports.tableCaption')}</caption>
        <TableHead
          columns={[
            t('reports.person'),
            t('reports.course'),
            t('assignments.kind'),
            t('reports.statusLabel'),
            t('reports.assignedAt'),
            t('reports.dueAt'),
            t('reports.completedAt'),
            t('reports.scorePercent'),
            t('reports.attemptsUsed'),
            t('reports.passedAt'),
          ]}
        />
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.userId}-${row.courseId}`}>
              <th scope="row">
                {onPerson ? (
                  <button
                    type="button"
                    className={styles.linkButton}
                    aria-label={t('reports.historyOf', { name: row.name })}
                    onClick={() => onPerson(row)}
                  >
                    {row.name}
                  </button>
                ) : (
                  row.name
                )}
                {LEFT.has(row.accountStatus) && (
                  <span className={styles.late}> ({t(`reports.account.${row.accountStatus}`)})</span>
                )}
                <br />
                <span className={styles.muted}>{row.email}</span>
              </th>
              <td>{row.courseTitle}</td>
              <td>{t(kindOf(row))}</td>
              <td className={LATE.has(row.status) ? styles.late : undefined}>{t(`reports.status.${row.status}`)}</td>
              <td>{date(row.assignedAt)}</td>
              <td>{date(row.dueAt)}</td>
              <td>{date(row.completedAt)}</td>
              <td>{number(row.scorePercent)}</td>
              <td>{number(row.attemptsUsed)}</td>
              <td>{date(row.passedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
