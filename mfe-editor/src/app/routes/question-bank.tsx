import type { PageProps } from '@portal/contracts/pages';
import { useParams } from 'react-router-dom';
import { AuthoringPage } from '../../components/authoring-page.tsx';
import { QuestionBank } from '../../features/question-bank/components/question-bank.tsx';
import { withQueries } from '../../lib/queries.ts';

/**
 * Exposed as ./QuestionBankPage, for /courses/:courseId/questions: the course's questions, written and edited by hand,
 * imported and exported.
 */
export default withQueries(function QuestionBankPage({ session }: PageProps<'status' | 'user'>) {
  const { courseId } = useParams();
  return (
    <AuthoringPage isSysAdmin={session.user?.isSysAdmin === true} courseId={courseId} section="questions">
      {(id) => <QuestionBank courseId={id} />}
    </AuthoringPage>
  );
});
