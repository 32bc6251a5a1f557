import type { User } from '@portal/contracts/auth';
import { type ReactNode, Suspense, use } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, NavigationGuard, Routes } from 'react-router-dom';
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
 * the gateway of `npm start`; sign in there first (the session cookie is shared). The router and the navigation
 * guard as in the shell: a page's leave guard holds the user back here too.
 */
export function SignedInStandaloneApp(props: Props) {
  const { t } = useTranslation(props.namespace);
  return (
    <>
      <BrowserRouter>
        <NavigationGuard />
        <main className={styles.main}>
          <Suspense fallback={<p role="status">{t('standalone.checking')}</p>}>
            <SignedIn {...props} />
          </Suspense>
        </main>
      </BrowserRouter>
      <ToastContainer position="top-right" autoClose={5000} />
    </>
  );
}
