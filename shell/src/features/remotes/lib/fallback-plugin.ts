import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RemoteUnavailable } from '../components/remote-unavailable.tsx';

/**
 * Second layer: when a remote module cannot be loaded (after the retries), `loadRemote` resolves to a module
 * whose page is the translated fallback with its Retry button, instead of failing the whole page.
 */
export function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-remote-fallback',
    errorLoadRemote({ id, error, lifecycle }) {
      // Earlier stages (the manifest) fail on to the 'onLoad' stage, which answers for the whole load.
      if (lifecycle !== 'onLoad') return undefined;
      console.error(`Remote module ${id} could not be loaded`, error);
      return { default: RemoteUnavailable };
    },
  };
}
