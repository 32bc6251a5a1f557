import type { User } from '@portal/contracts/auth';
import { Suspense, use, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Link, Navigate, Route, RouterProvider, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { paths } from '../../config/paths.ts';
import { EDITOR_NAMESPACE } from '../../lib/i18n.ts';
import type { PortalSession } from '../../lib/session.ts';
import CourseFormPage from '../routes/course-form.tsx';
import styles from './standalone-app.module.css';

function Pages({ session }: { session: PortalSession }) {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  return (
    <>
      <nav className={styles.nav} aria-label={t('standalone.nav')}>
        <Link to={paths.createCourse.getHref()}>{t('standalone.create')}</Link>
      </nav>
      <Routes>
        <Route path={paths.createCourse.path} element={<CourseFormPage session={session} />} />
        <Route path={paths.editCourse.path} element={<CourseFormPage session={session} />} />
        <Route path={paths.dashboard.path} element={<p role="status">{t('standalone.elsewhere')}</p>} />
        <Route path="*" element={<Navigate to={paths.createCourse.getHref()} replace />} />
      </Routes>
    </>
  );
}

function SignedIn({ loginStatus }: { loginStatus: Promise<User | null> }) {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const user = use(loginStatus);
  if (!user) return <p role="alert">{t('standalone.signInFirst')}</p>;
  return <Pages session={{ status: 'authenticated', user }} />;
}

/**
 * The slice on its own (`npm run dev -w mfe-editor`): its page under the same routes as in the portal.
 * The dev server sends /api to the gateway of `npm start`; sign in there first (the session cookie is shared).
 */
export function StandaloneApp({ loginStatus }: { loginStatus: Promise<User | null> }) {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  // A data router, as the shell's: the form's leave guard (useBlocker) needs one.
  const [router] = useState(() =>
    createBrowserRouter([
      {
        path: '*',
        element: (
          <main className={styles.main}>
            <Suspense fallback={<p role="status">{t('standalone.checking')}</p>}>
              <SignedIn loginStatus={loginStatus} />
            </Suspense>
          </main>
        ),
      },
    ]),
  );
  return (
    <>
      <RouterProvider router={router} />
      <ToastContainer position="top-right" autoClose={5000} />
    </>
  );
}
