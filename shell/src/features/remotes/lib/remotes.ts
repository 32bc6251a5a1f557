import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { PageProps } from '@portal/contracts/pages';
import type { PortalConfig, RemoteName } from '@portal/contracts/portal-config';
import type { ComponentType } from 'react';
import { fallbackPlugin } from './fallback-plugin.ts';
import { retryPlugin } from './retry-plugin.ts';

export interface RemotePageModule {
  default: ComponentType<PageProps>;
}

/** Registers the remotes named in /config.json by their manifest URLs, before the first render. */
export function setUpRemotes(remotes: PortalConfig['remotes']): void {
  registerPlugins([retryPlugin(), fallbackPlugin()]);
  registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
}

/** Loads a page a remote exposes (`./LoginPage`): only when a route needs it ('loaded-first'). */
export async function loadRemotePage(remote: RemoteName, exposed: string): Promise<RemotePageModule> {
  const id = `${remote}/${exposed.replace(/^\.\//, '')}`;
  const module = await loadRemote<RemotePageModule>(id);
  if (!module) throw new Error(`Remote module ${id} is empty`);
  return module;
}
