import type { PageProps } from '@portal/contracts/pages';
import { useParams } from 'react-router-dom';
import { AuthoringPage } from '../../components/authoring-page.tsx';
import { LessonsSection } from '../../features/lessons/components/lessons-section.tsx';
import '../../lib/i18n.ts';
import { withQueries } from '../../lib/queries.ts';

/** Exposed as ./LessonsPage, for /courses/:courseId/lessons: the course's outline, written by administrators. */
export default withQueries(function LessonsPage({ session }: PageProps<'status' | 'user'>) {
  const { courseId } = useParams();
  return (
    <AuthoringPage isSysAdmin={session.user?.isSysAdmin === true} courseId={courseId} section="lessons">
      {(id) => <LessonsSection courseId={id} />}
    </AuthoringPage>
  );
});
