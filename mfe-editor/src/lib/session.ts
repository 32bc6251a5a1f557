import type { User } from '@portal/contracts/auth';

/**
 * The part of the shell's session that this slice's page uses: who is signed in. The shell passes its
 * session to every remote page as the `session` prop; the standalone dev app passes its own.
 */
export interface PortalSession {
  status: 'checking' | 'authenticated' | 'anonymous';
  user: User | null;
}

/** The props of every page this slice exposes. */
export interface EditorPageProps {
  session: PortalSession;
}
