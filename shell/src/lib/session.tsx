import { api, type ApiClient } from '@portal/contracts/api-client';
import type { User } from '@portal/contracts/auth';
import { ApiError } from '@portal/contracts/errors';
import { SESSION_ALIVE_INTERVAL_MS, SESSION_ALIVE_PATH } from '@portal/contracts/http';
import { isLanguage, type Language } from '@portal/contracts/languages';
import type { PortalSession } from '@portal/contracts/pages';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { whileCurrent } from '@portal/web-kit/while-current';
import { changeInterfaceLanguage } from './i18n.ts';
import { openSessionChannel, type SessionNews } from './session-channel.ts';

type SessionStatus = PortalSession['status'];

/**
 * Who is signed in, as the shell knows it: the session every remote page gets as its `session` prop, and what
 * only the shell's own parts use.
 */
export interface Session extends PortalSession {
  /** The session ended while the user was signed in: failed calls wait for a new sign-in, then run again. */
  ended: boolean;
  /** The idle timeout is near (WCAG 2.2.1): `extend` keeps the session. */
  expiring: boolean;
  extend: () => Promise<void>;
  /** Gives up signing in again: the waiting calls fail and the guard takes the user to the login page. */
  leave: () => void;
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

/** The login status asked without a 401: a visitor is `null`. */
const OPTIONAL = { query: { optional: 'true' } } as const;

/**
 * Whether the session still exists, asked past the client (its answers restart the idle countdown) and without
 * moving the server's idle expiry. Unanswered (offline, a gateway restarting), it is taken to exist.
 */
async function sessionStillExists(): Promise<boolean> {
  try {
    const response = await fetch(SESSION_ALIVE_PATH, { credentials: 'same-origin' });
    return !response.ok || ((await response.json()) as { signedIn?: unknown }).signedIn !== false;
  } catch {
    return true;
  }
}

/**
 * Asks the server once per page load who is signed in: the user, or null. A visitor is an expected answer, not a
 * failed request (`optional=true` gets null rather than a 401); any failure is logged and counts as signed out.
 */
export async function checkLoginStatus(client: ApiClient = api): Promise<User | null> {
  try {
    return await client.checkLoginStatus(OPTIONAL);
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

/** How long before the idle timeout the warning shows (at most half of the timeout). */
const WARNING_LEAD_MS = 2 * 60_000;

function settledState(user: User | null): SessionState {
  return user ? { status: 'authenticated', user } : { status: 'anonymous', user: null };
}

export function SessionProvider({
  loginStatus,
  idleMinutes,
  children,
}: {
  loginStatus: LoginStatus;
  idleMinutes: number;
  children: ReactNode;
}) {
  const [state, setState] = useState<SessionState>(() =>
    loginStatus instanceof Promise ? { status: 'checking', user: null } : settledState(loginStatus),
  );
  const [ended, setEnded] = useState(false);
  const [expiring, setExpiring] = useState(false);
  /** The calls that found the session ended, each waiting to hear whether the user signed in again. */
  const waiting = useRef<((signedIn: boolean) => void)[]>([]);
  const signedIn = state.user !== null;
  const signedInNow = useRef(signedIn);
  useEffect(() => {
    signedInNow.current = signedIn;
  }, [signedIn]);
  const channel = useRef<ReturnType<typeof openSessionChannel> | null>(null);
  /** Starts the idle countdown again while the session is watched. */
  const restartCountdown = useRef<() => void>(() => undefined);

  const settleWaiting = useCallback((again: boolean) => {
    for (const resume of waiting.current.splice(0)) resume(again);
  }, []);

  const applyUser = useCallback(
    (user: User) => {
      localStorage.removeItem(LANGUAGE_CHOICE_KEY);
      setState({ status: 'authenticated', user });
      setEnded(false);
      void changeInterfaceLanguage(user.language);
      settleWaiting(true);
    },
    [settleWaiting],
  );

  const signIn = useCallback(
    (user: User) => {
      applyUser(user);
      channel.current?.tell({ type: 'signed-in', user });
    },
    [applyUser],
  );

  useEffect(() => {
    if (!(loginStatus instanceof Promise)) return;
    return whileCurrent(loginStatus, (user) => {
      if (user) applyUser(user);
      else setState({ status: 'anonymous', user: null });
    });
  }, [loginStatus, applyUser]);

  useEffect(() => {
    const onNews = (news: SessionNews) => {
      if (news.type === 'signed-in') applyUser(news.user);
      else if (news.type === 'signed-out' && signedInNow.current) setEnded(true);
      else if (news.type === 'active') restartCountdown.current();
    };
    channel.current = openSessionChannel(onNews);
    api.onSessionEnded(() => {
      if (!signedInNow.current) return Promise.resolve(false);
      setEnded(true);
      return new Promise<boolean>((resume) => waiting.current.push(resume));
    });
    return () => {
      api.onSessionEnded(undefined);
      channel.current?.close();
      channel.current = null;
    };
  }, [applyUser]);

  const watched = signedIn && !ended;
  useEffect(() => {
    if (!watched) return;
    const idleMs = idleMinutes * 60_000;
    const leadMs = Math.min(WARNING_LEAD_MS, idleMs / 2);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const atTimeout = () => {
      api.checkLoginStatus(OPTIONAL).then(
        (user) => {
          if (!user) setEnded(true);
        },
        (error: unknown) => console.error('Could not check the session at its idle timeout', error),
      );
    };
    const restart = () => {
      clearTimeout(timer);
      setExpiring(false);
      timer = setTimeout(() => {
        setExpiring(true);
        timer = setTimeout(atTimeout, leadMs);
      }, idleMs - leadMs);
    };
    restartCountdown.current = restart;
    api.onAnswer(() => {
      restart();
      channel.current?.tell({ type: 'active' });
    });
    restart();
    return () => {
      clearTimeout(timer);
      setExpiring(false);
      api.onAnswer(undefined);
      restartCountdown.current = () => undefined;
    };
  }, [watched, idleMinutes]);

  // A session ended elsewhere (an administrator deactivated the account) shows within seconds in a visible tab, by
  // a question that does not move the idle expiry (an unattended tab's session still times out), and at once when
  // the user comes back to the tab.
  useEffect(() => {
    if (!watched) return;
    const endIfSignedOut = (signedIn: unknown) => {
      if (!signedIn) setEnded(true);
    };
    const onReturn = () => {
      if (document.visibilityState !== 'visible') return;
      api
        .checkLoginStatus(OPTIONAL)
        .then(endIfSignedOut, (error: unknown) =>
          console.error('Could not check the session on return to the tab', error),
        );
    };
    const poll = setInterval(() => {
      if (document.visibilityState === 'visible') void sessionStillExists().then(endIfSignedOut);
    }, SESSION_ALIVE_INTERVAL_MS);
    window.addEventListener('focus', onReturn);
    document.addEventListener('visibilitychange', onReturn);
    return () => {
      clearInterval(poll);
      window.removeEventListener('focus', onReturn);
      document.removeEventListener('visibilitychange', onReturn);
    };
  }, [watched]);

  const signOut = useCallback(async () => {
    let endSessionUrl: string | undefined;
    try {
      ({ endSessionUrl } = await api.logout());
    } catch (error) {
      console.error('Logout failed', error);
    }
    channel.current?.tell({ type: 'signed-out' });
    setEnded(false);
    settleWaiting(false);
    setState({ status: 'anonymous', user: null });
    // Signed in through the company's provider: its session ends too, and it sends the browser back to the portal.
    if (endSessionUrl) window.location.assign(endSessionUrl);
  }, [settleWaiting]);

  const leave = useCallback(() => {
    setEnded(false);
    settleWaiting(false);
    setState({ status: 'anonymous', user: null });
  }, [settleWaiting]);

  const extend = useCallback(async () => {
    try {
      if (!(await api.checkLoginStatus(OPTIONAL))) setEnded(true);
    } catch (error) {
      console.error('Could not extend the session', error);
    }
  }, []);

  const changeLanguage = useCallback(
    async (language: Language) => {
      if (signedIn) {
        try {
          const user = await api.setLanguage({
            query: { requestedLanguage: language.toUpperCase() as Uppercase<Language> },
          });
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
    () => ({
      ...state,
      signIn,
      signOut,
      changeLanguage,
      languageChosenBeforeSignIn,
      ended,
      expiring,
      extend,
      leave,
    }),
    [state, signIn, signOut, changeLanguage, ended, expiring, extend, leave],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() needs a <SessionProvider> above it');
  return session;
}
