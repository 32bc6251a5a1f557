import type { User } from '@portal/contracts/auth';
import { pages } from '@portal/contracts/pages';
import { SignedInStandaloneApp } from '@portal/web-kit/standalone/signed-in-app';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route } from 'react-router-dom';
import { ADMIN_NAMESPACE } from '../../lib/i18n.ts';
import AdminAssignmentsPage from '../routes/admin-assignments.tsx';
import AdminReportsPage from '../routes/admin-reports.tsx';
import AdminReviewsPage from '../routes/admin-reviews.tsx';
import AdminHubPage from '../routes/hub.tsx';

/** The slice on its own (`npm run dev -w mfe-admin`): its pages under the same routes as in the portal. */
export function StandaloneApp({ loginStatus }: { loginStatus: Promise<User | null> }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (
    <SignedInStandaloneApp
      loginStatus={loginStatus}
      namespace={ADMIN_NAMESPACE}
      links={() => (
        <>
          <Link to={pages.administration.getHref()}>{t('hub.title')}</Link>
          <Link to={pages.adminAssignments.getHref()}>{t('assignments.title')}</Link>
          <Link to={pages.adminReviews.getHref()}>{t('reviews.title')}</Link>
          <Link to={pages.adminReports.getHref()}>{t('reports.title')}</Link>
        </>
      )}
      routes={(session) => (
        <>
          <Route path={pages.administration.path} element={<AdminHubPage session={session} />} />
          <Route path={pages.adminAssignments.path} element={<AdminAssignmentsPage session={session} />} />
          <Route path={pages.adminReviews.path} element={<AdminReviewsPage session={session} />} />
          <Route path={pages.adminReports.path} element={<AdminReportsPage session={session} />} />
          <Route path="*" element={<Navigate to={pages.administration.getHref()} replace />} />
        </>
      )}
    />
  );
}
