import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { fetchWithEarlyAnswers } from '../../../lib/early-requests.ts';

const ATTEMPTS = 3;
const PAUSE_MS = 400;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A remote's manifest, answered from the entry script's early request when it made one (lib/early-requests.ts),
 * asked for again after a network error or a 5xx answer. The retry plugin's own fetch hook would ask for every
 * manifest a second time, so this one stays (decision 0034).
 */
export function manifestFetchPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-manifest-fetch',
    async fetch(url, init) {
      let failure: unknown;
      for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
        try {
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
  };
}
