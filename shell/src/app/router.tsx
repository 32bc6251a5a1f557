import { Route, Routes } from 'react-router-dom';
import { paths } from '../config/paths.ts';
import { RemotePage } from '../features/remotes/components/remote-page.tsx';
import { PageFrame } from './layouts/page-frame.tsx';
import { LandingRoute } from './routes/landing.tsx';
import { LoginRoute } from './routes/login.tsx';
import { LogoutRoute } from './routes/logout.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';
import { RequireAuth } from './routes/require-auth.tsx';

/** The portal's routes: the shell owns routing; the remotes supply route-level pages. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PageFrame />}>
        <Route path={paths.home.path} element={<LandingRoute />} />
        <Route path={paths.login.path} element={<LoginRoute />} />
        <Route path={paths.register.path} element={<RemotePage remote="auth" exposed="./RegisterPage" />} />
        <Route path={paths.requestReset.path} element={<RemotePage remote="auth" exposed="./RequestResetPage" />} />
        <Route path={paths.resetPassword.path} element={<RemotePage remote="auth" exposed="./ResetPasswordPage" />} />
        <Route path={paths.verifyEmail.path} element={<RemotePage remote="auth" exposed="./VerifyEmailPage" />} />
        <Route path={paths.logout.path} element={<LogoutRoute />} />
        <Route element={<RequireAuth />}>
          <Route path={paths.dashboard.path} element={<RemotePage remote="courses" exposed="./DashboardPage" />} />
          <Route path={paths.course.path} element={<RemotePage remote="courses" exposed="./CourseDetailsPage" />} />
          <Route path={paths.categories.path} element={<RemotePage remote="courses" exposed="./CategoriesPage" />} />
          <Route path={paths.createCourse.path} element={<RemotePage remote="editor" exposed="./CourseFormPage" />} />
          <Route path={paths.editCourse.path} element={<RemotePage remote="editor" exposed="./CourseFormPage" />} />
          <Route path={paths.account.path} element={<RemotePage remote="auth" exposed="./AccountPage" />} />
          <Route path={paths.adminInvite.path} element={<RemotePage remote="auth" exposed="./InviteUserPage" />} />
          <Route path={paths.adminImport.path} element={<RemotePage remote="auth" exposed="./ImportUsersPage" />} />
        </Route>
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
