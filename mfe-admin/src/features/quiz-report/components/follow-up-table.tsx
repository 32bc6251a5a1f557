import { pages } from '@portal/contracts/pages';
import type { QuizGrantInput, QuizReport } from '@portal/contracts/quiz-report';
import { formatDate, formatNumber, formatPercent } from '@portal/web-kit/format';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AdminTable } from '../../../components/admin-table.tsx';
import styles from '../../../components/admin.module.css';
import { ADMIN_NAMESPACE } from '../../../lib/i18n.ts';

type Person = QuizReport['followUp']['people'][number];

/**
 * The people who used every attempt without passing: their name (a short id while the quizzes service does not know
 * it yet) linking to them in the completion report, attempts used, best score, last attempt, and the two grants.
 */
export function FollowUpTable({
  courseId,
  people,
  onGrant,
}: {
  courseId: string;
  people: Person[];
  onGrant: (userId: string, kind: QuizGrantInput['kind']) => void;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const reportHref = (userId: string) =>
    `${pages.adminReports.getHref()}?${new URLSearchParams({ course: courseId, user: userId })}`;
  return (
    <AdminTable
      id="quiz-follow-up"
      caption={t('quizReport.followUpCaption')}
      columns={[
        t('quizReport.person'),
        t('quizReport.attemptsUsed'),
        t('quizReport.bestScore'),
        t('quizReport.lastAttempt'),
        t('quizReport.actions'),
      ]}
    >
      <tbody>
        {people.map((person) => (
          <tr key={person.userId}>
            <th scope="row">
              <Link to={reportHref(person.userId)}>
                {person.name || t('quizReport.personLink', { id: person.userId.slice(0, 8) })}
              </Link>
            </th>
            <td className={styles.number}>{formatNumber(person.attemptsUsed)}</td>
            <td className={styles.number}>
              {person.bestScorePercent === null ? '–' : formatPercent(person.bestScorePercent / 100)}
            </td>
            <td>{formatDate(person.lastAttemptAt)}</td>
            <td>
              <div className={styles.actions}>
                <button
                  type="button"
                  className={buttons.button}
                  onClick={() => onGrant(person.userId, 'extra_attempt')}
                >
                  {t('quizReport.extra_attempt.open')}
                </button>
                <button type="button" className={buttons.button} onClick={() => onGrant(person.userId, 'pass')}>
                  {t('quizReport.pass.open')}
                </button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </AdminTable>
  );
}
