import { api, type ApiClient } from '@portal/contracts/api-client';
import type { User } from '@portal/contracts/auth';
import { ApiError } from '@portal/contracts/errors';
import { isLanguage, type Language } from '@portal/contracts/languages';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { changeInterfaceLanguage } from './i18n.ts';

export type SessionStatus = 'checking' | 'authenticated' | 'anonymous';

/**
 * Who is signed in, as the shell knows it. The shell hands this object to every remote page as its
 * `session` prop, so that a remote can sign the user in and switch the language through the shell.
 */
export interface Session {
  status: SessionStatus;
  user: User | null;
  /** After a successful login or registration: remembers the user and applies their stored language. */
  signIn: (user: User) => void;
  signOut: () => Promise<void>;
  /** Tells the server when someone is signed in, then switches the interface at once. */
  changeLanguage: (language: Language) => Promise<void>;
  /** The language a visitor picked on this device before signing in: the login stores it for the account. */
  languageChosenBeforeSignIn: () => Language | undefined;
}

/**
 * Only a language the visitor picked counts, not one i18next detected (it caches those in localStorage too),
 * so it is kept apart until the next sign-in.
 */
const LANGUAGE_CHOICE_KEY = 'portal.languageChosenBeforeSignIn';

function languageChosenBeforeSignIn(): Language | undefined {
  const choice = localStorage.getItem(LANGUAGE_CHOICE_KEY);
  return isLanguage(choice) ? choice : undefined;
}

/**
 * Asks the server once per page load who is signed in: the user, or null. A visitor is an expected answer, not a
 * failed request (`currentUser` gets null rather than a 401); any failure is logged and counts as signed out.
 */
export async function checkLoginStatus(client: ApiClient = api): Promise<User | null> {
  try {
    return await client.currentUser();
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) console.error('Could not check the login status', error);
    return null;
  }
}

const SessionContext = createContext<Session | null>(null);

interface SessionState {
  status: SessionStatus;
  user: User | null;
}

/** The answer of the login-status check, or the promise of it while it is on its way. */
export type LoginStatus = Promise<User | null> | User | null;

function settledState(user: User | null): SessionState {
  return user ? { status: 'authenticated', user } : { status: 'anonymous', user: null };
}

export function SessionProvider({ loginStatus, children }: { loginStatus: LoginStatus; children: ReactNode }) {
  const [state, setState] = useState<SessionState>(() =>
    loginStatus instanceof Promise ? { status: 'checking', user: null } : settledState(loginStatus),
  );

  const signIn = useCallback((user: User) => {
    localStorage.removeItem(LANGUAGE_CHOICE_KEY);
    setState({ status: 'authenticated', user });
    void changeInterfaceLanguage(user.language);
  }, []);

  useEffect(() => {
    if (!(loginStatus instanceof Promise)) return;
    let current = true;
    void loginStatus.then((user) => {
      if (!current) return;
      if (user) signIn(user);
      else setState({ status: 'anonymous', user: null });
    });
    return () => {
      current = false;
    };
  }, [loginStatus, signIn]);

  const signOut = useCallback(async () => {
    try {
      await api.logout();
    } catch (error) {
      console.error('Logout failed', error);
    }
    setState({ status: 'anonymous', user: null });
  }, []);

  const signedIn = state.user !== null;
  const changeLanguage = useCallback(
    async (language: Language) => {
      if (signedIn) {
        try {
          const user = await api.setLanguage(language);
          setState({ status: 'authenticated', user });
        } catch (error) {
          const invalid = error instanceof ApiError && error.status === 400;
          console.error(invalid ? 'Invalid language selection' : 'Error setting language', error);
        }
      } else {
        localStorage.setItem(LANGUAGE_CHOICE_KEY, language);
      }
      await changeInterfaceLanguage(language);
    },
    [signedIn],
  );

  const session = useMemo<Session>(
    () => ({ ...state, signIn, signOut, changeLanguage, languageChosenBeforeSignIn }),
    [state, signIn, signOut, changeLanguage],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() needs a <SessionProvider> above it');
  return session;
}
