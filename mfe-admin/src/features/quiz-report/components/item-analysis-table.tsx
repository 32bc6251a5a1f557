import type { QuizReport } from '@portal/contracts/quiz-report';
import { formatNumber, formatPercent } from '@portal/web-kit/format';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '../../../components/admin-table.tsx';
import styles from '../../../components/admin.module.css';
import { ADMIN_NAMESPACE } from '../../../lib/i18n.ts';

/** Per question version shown: how many answered, the share right, and the wrong answer chosen most often. */
export function ItemAnalysisTable({ questions }: { questions: QuizReport['questions'] }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (
    <AdminTable
      id="quiz-items"
      caption={t('quizReport.itemsCaption')}
      columns={[
        t('quizReport.question'),
        t('quizReport.answered'),
        t('quizReport.correctShare'),
        t('quizReport.mostChosenWrong'),
      ]}
    >
      <tbody>
        {questions.map((question) => (
          <tr key={`${question.questionId}-${question.version}`}>
            <th scope="row">
              {question.text}
              <span className={styles.muted}>
                {' '}
                {t('quizReport.versionOf', { type: t(`quizReport.types.${question.type}`), version: question.version })}
              </span>
            </th>
            <td className={styles.number}>{formatNumber(question.answered)}</td>
            <td className={styles.number}>{formatPercent(question.correctShare)}</td>
            <td>
              {question.mostChosenWrong
                ? t('quizReport.chosenBy', {
                    text: question.mostChosenWrong.text,
                    count: question.mostChosenWrong.count,
                    formatted: formatNumber(question.mostChosenWrong.count),
                  })
                : '–'}
            </td>
          </tr>
        ))}
      </tbody>
    </AdminTable>
  );
}
