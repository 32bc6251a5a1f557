import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { fetchWithEarlyAnswers } from '../../../lib/early-requests.ts';

const ATTEMPTS = 3;
const PAUSE_MS = 400;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * First layer of the remote fallback: a remote's manifest is fetched again after a network error or a 5xx
 * answer, and its entry script is requested once more when it fails to load, before anyone sees a fallback.
 */
export function retryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-remote-retry',
    async fetch(url, init) {
      let failure: unknown;
      for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
        try {
          // The entry script may have asked for this manifest already (lib/early-requests.ts).
          const response = await (attempt === 1 ? fetchWithEarlyAnswers : globalThis.fetch)(url, init);
          if (response.ok) return response;
          failure = new Error(`${url} answered ${response.status}`);
          if (response.status < 500) break;
        } catch (error) {
          failure = error;
        }
        if (attempt < ATTEMPTS) await pause(PAUSE_MS * attempt);
      }
      throw failure;
    },
    // The hook's declared result is a promise of the retried load (or of nothing), hence the explicit wrapper.
    loadEntryError: ({ getRemoteEntry, origin, remoteInfo, remoteEntryExports }) => {
      const retried = pause(PAUSE_MS)
        .then(() => getRemoteEntry({ origin, remoteInfo, remoteEntryExports }))
        .then((exports) => exports || undefined);
      return new Promise((resolve) => resolve(retried));
    },
  };
}
