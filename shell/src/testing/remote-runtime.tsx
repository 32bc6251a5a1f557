import { jest } from '@jest/globals';
import type { ComponentType } from 'react';

/**
 * Stands in for the module-federation runtime: import this first, then the app modules with `await import()`.
 * By default every remote page is a heading naming it; a test can answer with real pages instead.
 */
export const loadRemote = jest.fn<(id: string) => Promise<{ default: ComponentType<never> } | null>>();
export const registerRemotes = jest.fn();
export const registerPlugins = jest.fn();

export function stubRemotePages() {
  loadRemote.mockReset();
  loadRemote.mockImplementation(async (id) => ({ default: () => <h1>{`Remote page ${id}`}</h1> }));
}

jest.unstable_mockModule('@module-federation/enhanced/runtime', () => ({
  loadRemote,
  registerRemotes,
  registerPlugins,
}));
