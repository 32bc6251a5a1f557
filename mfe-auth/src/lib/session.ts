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
}

/** The props of every page this slice exposes. */
export interface AuthPageProps {
  session: PortalSession;
}
