import type { RemoteName } from '@portal/contracts/portal-config';
import { Suspense, use, useCallback, useState } from 'react';
import { ErrorBoundary } from '../../../components/error-boundary.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { type Session, useSession } from '../../../lib/session.tsx';
import { loadRemotePage, type RemotePageModule } from '../lib/remotes.ts';
import { RemoteRetryContext } from './remote-retry-context.ts';
import { RemoteUnavailable } from './remote-unavailable.tsx';

const loads = new Map<string, Promise<RemotePageModule>>();

/** One load per remote page and attempt, started once and kept: a retry is a new attempt. */
function loadOnce(key: string, remote: RemoteName, exposed: string): Promise<RemotePageModule> {
  let load = loads.get(key);
  if (!load) {
    load = loadRemotePage(remote, exposed);
    loads.set(key, load);
  }
  return load;
}

function LoadedPage({ load, session }: { load: Promise<RemotePageModule>; session: Session }) {
  const { default: Page } = use(load);
  return <Page session={session} />;
}

/**
 * A route's page from a remote (`<RemotePage remote="auth" exposed="./LoginPage" />`) inside the page frame.
 * Its failures end here, in three layers: the runtime retries (retry plugin), a module that cannot be loaded
 * becomes the fallback page (fallback plugin), and whatever the page throws is caught by the error boundary.
 */
export function RemotePage({ remote, exposed }: { remote: RemoteName; exposed: string }) {
  const session = useSession();
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const key = `${remote}/${exposed}#${attempt}`;
  return (
    <RemoteRetryContext.Provider value={retry}>
      <ErrorBoundary key={key} name={`Remote page ${remote}/${exposed}`} fallback={<RemoteUnavailable />}>
        <Suspense fallback={<PageLoader />}>
          <LoadedPage load={loadOnce(key, remote, exposed)} session={session} />
        </Suspense>
      </ErrorBoundary>
    </RemoteRetryContext.Provider>
  );
}
