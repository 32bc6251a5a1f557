import { jest } from '@jest/globals';
import { type FakeReply, type FakeRequest, fakeApi } from './fake-api.ts';

/** A reply that may carry headers too, e.g. the X-Total-Count of a course list. */
export interface HeaderReply extends FakeReply {
  headers?: Record<string, string>;
}

type Route = HeaderReply | ((request: FakeRequest) => HeaderReply | Promise<HeaderReply>);

/**
 * The portal's `fakeApi` (jest/fake-api.ts), whose replies may also set headers: the ApiClient reads the
 * total of a course list from X-Total-Count.
 */
export function fakeCoursesApi(routes: Record<string, Route>) {
  const replyHeaders = new WeakMap<FakeRequest, Record<string, string>>();
  const answering = Object.fromEntries(
    Object.entries(routes).map(([name, route]) => [
      name,
      async (request: FakeRequest) => {
        const reply = typeof route === 'function' ? await route(request) : route;
        if (reply.headers) replyHeaders.set(request, reply.headers);
        return reply;
      },
    ]),
  );
  const api = fakeApi(answering);
  const answer = globalThis.fetch;
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const index = api.requests.length;
    const response = await answer(input, init);
    const request = api.requests[index];
    const extra = Object.entries((request && replyHeaders.get(request)) ?? {});
    const headers = new Map<string, string>([
      ['content-type', response.headers.get('content-type') ?? ''],
      ...extra.map(([name, value]): [string, string] => [name.toLowerCase(), value]),
    ]);
    return { ...response, headers: { get: (name: string) => headers.get(name.toLowerCase()) ?? null } } as Response;
  }) as typeof fetch;
  return api;
}
