import type { User } from '@portal/contracts/auth';
import type { Language } from '@portal/contracts/languages';

/**
 * The part of the shell's session that this slice's pages use. The shell passes its session to every
 * remote page as the `session` prop; the standalone dev app passes its own.
 */
export interface PortalSession {
  status: 'checking' | 'authenticated' | 'anonymous';
  user: User | null;
  signIn: (user: User) => void;
  changeLanguage: (language: Language) => Promise<void>;
  /** After the account was deleted: the shell forgets the user (and the guard leaves the protected page). */
  signOut: () => Promise<void>;
  /** The language a visitor picked on this device before signing in, which the login stores for the account. */
  languageChosenBeforeSignIn: () => Language | undefined;
}

/** The props of every page this slice exposes. */
export interface AuthPageProps {
  session: PortalSession;
}
