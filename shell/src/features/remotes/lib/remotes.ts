import {
  loadRemote,
  type ModuleFederationRuntimePlugin,
  registerPlugins,
  registerRemotes,
} from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';
import type { PageProps } from '@portal/contracts/pages';
import type { PortalConfig, RemoteName } from '@portal/contracts/portal-config';
import type { ComponentType } from 'react';
import { fallbackPlugin } from './fallback-plugin.ts';
import { manifestFetchPlugin } from './manifest-fetch-plugin.ts';

export interface RemotePageModule {
  default: ComponentType<PageProps>;
}

/**
 * First layer of the fallback: a remote's entry script and its page module are loaded once more before anyone
 * sees a fallback. Without its fetch hook, which would ask for each manifest again (manifest-fetch-plugin.ts).
 */
function scriptRetryPlugin(): ModuleFederationRuntimePlugin {
  const { fetch: _askedByTheManifestPlugin, ...scriptRetries } = RetryPlugin({
    script: { retryTimes: 1, retryDelay: 400 },
  });
  return scriptRetries;
}

/** Registers the remotes named in /config.json by their manifest URLs, before the first render. */
export function setUpRemotes(remotes: PortalConfig['remotes']): void {
  registerPlugins([manifestFetchPlugin(), scriptRetryPlugin(), fallbackPlugin()]);
  registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
}

/** Loads a page a remote exposes (`./LoginPage`): only when a route needs it ('loaded-first'). */
export async function loadRemotePage(remote: RemoteName, exposed: string): Promise<RemotePageModule> {
  const id = `${remote}/${exposed.replace(/^\.\//, '')}`;
  const module = await loadRemote<RemotePageModule>(id);
  if (!module) throw new Error(`Remote module ${id} is empty`);
  return module;
}
