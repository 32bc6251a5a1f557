import { jest } from '@jest/globals';
import type { ModuleFederation, ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';

type RemoteModule = { default: ComponentType<never> } | null;

/**
 * Stands in for the module-federation runtime: import this first, then the app modules with `await import()`.
 * `loadRemote` is what the remotes answer: by default every remote page is a heading naming it; a test can
 * answer with real pages, or reject to make the load fail. As the real runtime does, a failed load asks the
 * plugins the shell registered (`errorLoadRemote`, stage onLoad) for the module to use instead.
 */
export const loadRemote = jest.fn<(id: string) => Promise<RemoteModule>>();
const registerRemotes = jest.fn();
const plugins: ModuleFederationRuntimePlugin[] = [];
const registerPlugins = jest.fn((added: ModuleFederationRuntimePlugin[]) => {
  plugins.push(...added);
});

async function runtimeLoadRemote(id: string): Promise<RemoteModule> {
  try {
    return await loadRemote(id);
  } catch (error) {
    for (const plugin of plugins) {
      const answer = await plugin.errorLoadRemote?.({
        id,
        error,
        from: 'runtime',
        lifecycle: 'onLoad',
        origin: {} as ModuleFederation,
      });
      if (answer) return answer as RemoteModule;
    }
    throw error;
  }
}

export function stubRemotePages() {
  loadRemote.mockReset();
  loadRemote.mockImplementation(async (id) => ({ default: () => <h1>{`Remote page ${id}`}</h1> }));
}

jest.unstable_mockModule('@module-federation/enhanced/runtime', () => ({
  loadRemote: runtimeLoadRemote,
  registerRemotes,
  registerPlugins,
}));
