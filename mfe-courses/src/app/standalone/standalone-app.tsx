import type { User } from '@portal/contracts/auth';
import { Suspense, use } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Link, Navigate, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { paths } from '../../config/paths.ts';
import { COURSES_NAMESPACE } from '../../lib/i18n.ts';
import type { PortalSession } from '../../lib/session.ts';
import CategoriesPage from '../routes/categories.tsx';
import CourseDetailsPage from '../routes/course-details.tsx';
import DashboardPage from '../routes/dashboard.tsx';
import styles from './standalone-app.module.css';

function Pages({ session }: { session: PortalSession }) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  return (
    <>
      <nav className={styles.nav} aria-label={t('standalone.nav')}>
        <Link to={paths.dashboard.getHref()}>{t('standalone.overview')}</Link>
        {session.user?.isSysAdmin && <Link to={paths.categories.getHref()}>{t('standalone.categories')}</Link>}
      </nav>
      <Routes>
        <Route path={paths.dashboard.path} element={<DashboardPage session={session} />} />
        <Route path={paths.course.path} element={<CourseDetailsPage session={session} />} />
        <Route path={paths.categories.path} element={<CategoriesPage session={session} />} />
        <Route path={paths.editCourse.path} element={<p role="status">{t('standalone.elsewhere')}</p>} />
        <Route path="*" element={<Navigate to={paths.dashboard.getHref()} replace />} />
      </Routes>
    </>
  );
}

function SignedIn({ loginStatus }: { loginStatus: Promise<User | null> }) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const user = use(loginStatus);
  if (!user) return <p role="alert">{t('standalone.signInFirst')}</p>;
  return <Pages session={{ status: 'authenticated', user }} />;
}

/**
 * The slice on its own (`npm run dev -w mfe-courses`): its pages under the same routes as in the portal.
 * The dev server sends /api to the gateway of `npm start`; sign in there first (the session cookie is shared).
 */
export function StandaloneApp({ loginStatus }: { loginStatus: Promise<User | null> }) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  return (
    <BrowserRouter>
      <main className={styles.main}>
        <Suspense fallback={<p role="status">{t('standalone.checking')}</p>}>
          <SignedIn loginStatus={loginStatus} />
        </Suspense>
      </main>
      <ToastContainer position="top-right" autoClose={5000} />
    </BrowserRouter>
  );
}
