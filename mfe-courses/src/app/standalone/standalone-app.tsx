import type { User } from '@portal/contracts/auth';
import { SignedInStandaloneApp } from '@portal/web-kit/standalone/signed-in-app';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route } from 'react-router-dom';
import { pages } from '@portal/contracts/pages';
import { COURSES_NAMESPACE } from '../../lib/i18n.ts';
import CourseDetailsPage from '../routes/course-details.tsx';
import DashboardPage from '../routes/dashboard.tsx';

/** The slice on its own (`npm run dev -w mfe-courses`): its pages under the same routes as in the portal. */
export function StandaloneApp({ loginStatus }: { loginStatus: Promise<User | null> }) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  return (
    <SignedInStandaloneApp
      loginStatus={loginStatus}
      namespace={COURSES_NAMESPACE}
      links={() => <Link to={pages.dashboard.getHref()}>{t('standalone.overview')}</Link>}
      routes={(session) => (
        <>
          <Route path={pages.dashboard.path} element={<DashboardPage session={session} />} />
          <Route path={pages.course.path} element={<CourseDetailsPage session={session} />} />
          <Route path={pages.editCourse.path} element={<p role="status">{t('standalone.elsewhere')}</p>} />
          <Route path="*" element={<Navigate to={pages.dashboard.getHref()} replace />} />
        </>
      )}
    />
  );
}
