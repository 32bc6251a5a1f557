import type { User } from '@portal/contracts/auth';
import { type ReactNode, Suspense, use, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, RouterProvider, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import styles from './signed-in-app.module.css';

/** The session a slice on its own gives its pages: the user signed in at the gateway. */
export interface StandaloneSession {
  status: 'authenticated';
  user: User;
}

interface Props {
  loginStatus: Promise<User | null>;
  /** The slice's namespace, with the texts `standalone.nav`, `standalone.checking` and `standalone.signInFirst`. */
  namespace: string;
  /** The links above the pages. */
  links: (session: StandaloneSession) => ReactNode;
  /** The `<Route>`s of the slice's pages, under the same paths as in the portal. */
  routes: (session: StandaloneSession) => ReactNode;
}

function SignedIn({ loginStatus, namespace, links, routes }: Props) {
  const { t } = useTranslation(namespace);
  const user = use(loginStatus);
  if (!user) return <p role="alert">{t('standalone.signInFirst')}</p>;
  const session: StandaloneSession = { status: 'authenticated', user };
  return (
    <>
      <nav className={styles.nav} aria-label={t('standalone.nav')}>
        {links(session)}
      </nav>
      <Routes>{routes(session)}</Routes>
    </>
  );
}

/**
 * A slice whose pages are for signed-in users, on its own (`npm run dev -w mfe-…`). The dev server sends /api to
 * the gateway of `npm start`; sign in there first (the session cookie is shared). A data router, as the shell's:
 * a page's leave guard (useBlocker) needs one.
 */
export function SignedInStandaloneApp(props: Props) {
  const { t } = useTranslation(props.namespace);
  const [router] = useState(() =>
    createBrowserRouter([
      {
        path: '*',
        element: (
          <main className={styles.main}>
            <Suspense fallback={<p role="status">{t('standalone.checking')}</p>}>
              <SignedIn {...props} />
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
