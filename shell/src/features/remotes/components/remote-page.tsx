import type { RemoteName } from '@portal/contracts/portal-config';
import { Suspense, use, useCallback, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { PageLoader } from '../../../components/page-loader.tsx';
import { logFailure } from '../../../lib/log-failure.ts';
import { type Session, useSession } from '../../../lib/session.tsx';
import { loadRemotePage, type RemotePageModule } from '../lib/remotes.ts';
import { RemoteRetryContext } from './remote-retry-context.ts';
import { RemoteUnavailable } from './remote-unavailable.tsx';

interface Props {
  remote: RemoteName;
  exposed: string;
  /** The session the page is given: the shell's, unless a page is shown for another purpose (sign in again). */
  session?: Session;
}

function LoadedPage({ load, session }: { load: Promise<RemotePageModule>; session: Session }) {
  const { default: Page } = use(load);
  return <Page session={session} />;
}

function RemotePageLoader({ remote, exposed, session: given }: Props) {
  const shellSession = useSession();
  const session = given ?? shellSession;
  const [attempt, setAttempt] = useState(() => ({ count: 0, load: loadRemotePage(remote, exposed) }));
  const retry = useCallback(
    () => setAttempt(({ count }) => ({ count: count + 1, load: loadRemotePage(remote, exposed) })),
    [remote, exposed],
  );
  return (
    <RemoteRetryContext.Provider value={retry}>
      <ErrorBoundary
        key={attempt.count}
        fallback={<RemoteUnavailable />}
        onError={logFailure(`Remote page ${remote}/${exposed}`)}
      >
        <Suspense fallback={<PageLoader />}>
          <LoadedPage load={attempt.load} session={session} />
        </Suspense>
      </ErrorBoundary>
    </RemoteRetryContext.Provider>
  );
}

/**
 * A route's page from a remote (`<RemotePage remote="auth" exposed="./LoginPage" />`) inside the page frame.
 * Its failures end here, in three layers: the runtime retries (retry plugin), a module that cannot be loaded
 * becomes the fallback page (fallback plugin), and whatever the page throws is caught by the error boundary.
 */
export function RemotePage({ remote, exposed, session }: Props) {
  // One loader per page: going from one remote page to another starts afresh.
  return <RemotePageLoader key={`${remote}/${exposed}`} remote={remote} exposed={exposed} session={session} />;
}
