import { describe, expect, it, jest } from '@jest/globals';
import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import { RemoteUnavailable } from '../components/remote-unavailable.tsx';
import { fallbackPlugin } from './fallback-plugin.ts';

type ErrorArgs = Parameters<NonNullable<ReturnType<typeof fallbackPlugin>['errorLoadRemote']>>[0];

const failure = (lifecycle: ErrorArgs['lifecycle']): ErrorArgs => ({
  id: 'auth/LoginPage',
  error: new Error('manifest unreachable'),
  from: 'runtime',
  lifecycle,
  origin: {} as ModuleFederation,
});

describe('remote fallback plugin', () => {
  it('when loading a remote module fails, then the module answered is the translated fallback page', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(fallbackPlugin().errorLoadRemote?.(failure('onLoad'))).toEqual({ default: RemoteUnavailable });
  });

  it('when an earlier stage (the manifest) fails, then it answers nothing, so that the load fails on to onLoad', () => {
    expect(fallbackPlugin().errorLoadRemote?.(failure('afterResolve'))).toBeUndefined();
    expect(fallbackPlugin().errorLoadRemote?.(failure('beforeRequest'))).toBeUndefined();
  });
});
