import type { User } from '@portal/contracts/auth';
import { pages } from '@portal/contracts/pages';
import { SignedInStandaloneApp } from '@portal/web-kit/standalone/signed-in-app';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route } from 'react-router-dom';
import { ADMIN_NAMESPACE } from '../../lib/i18n.ts';
import AdminAssignmentsPage from '../routes/admin-assignments.tsx';
import AdminAuditPage from '../routes/admin-audit.tsx';
import AdminCategoriesPage from '../routes/admin-categories.tsx';
import AdminGroupsPage from '../routes/admin-groups.tsx';
import ImportUsersPage from '../routes/admin-import.tsx';
import InviteUserPage from '../routes/admin-invite.tsx';
import AdminQuizReportPage from '../routes/admin-quiz-report.tsx';
import AdminReportsPage from '../routes/admin-reports.tsx';
import AdminReviewsPage from '../routes/admin-reviews.tsx';
import AdminScimPage from '../routes/admin-scim.tsx';
import AdminSsoPage from '../routes/admin-sso.tsx';
import AdminUsersPage from '../routes/admin-users.tsx';
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
          <Route path={pages.adminQuizReport.path} element={<AdminQuizReportPage session={session} />} />
          <Route path={pages.adminUsers.path} element={<AdminUsersPage session={session} />} />
          <Route path={pages.adminInvite.path} element={<InviteUserPage session={session} />} />
          <Route path={pages.adminImport.path} element={<ImportUsersPage session={session} />} />
          <Route path={pages.adminGroups.path} element={<AdminGroupsPage session={session} />} />
          <Route path={pages.adminSso.path} element={<AdminSsoPage session={session} />} />
          <Route path={pages.adminScim.path} element={<AdminScimPage session={session} />} />
          <Route path={pages.categories.path} element={<AdminCategoriesPage session={session} />} />
          <Route path={pages.adminAudit.path} element={<AdminAuditPage session={session} />} />
          <Route path="*" element={<Navigate to={pages.administration.getHref()} replace />} />
        </>
      )}
    />
  );
}
