import { jest } from '@jest/globals';
import type { User } from '@portal/contracts/auth';

/** A request as the fake API saw it. */
export interface FakeRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

export interface FakeReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Route = FakeReply | ((request: FakeRequest) => FakeReply | Promise<FakeReply>);

const STATUS_TEXTS: Record<number, string> = { 200: 'OK', 400: 'Bad Request', 401: 'Unauthorized', 409: 'Conflict' };

function response({ status, body, headers = {} }: FakeReply): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  const named = new Map(Object.entries({ 'content-type': 'application/json', ...headers }));
  const byLowerCase = new Map([...named].map(([name, value]) => [name.toLowerCase(), value]));
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: STATUS_TEXTS[status] ?? '',
    // Header names are case-insensitive, as in fetch's Headers.
    headers: { get: (name: string) => byLowerCase.get(name.toLowerCase()) ?? null },
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
  } as unknown as Response;
}

/**
 * Replaces `globalThis.fetch`, which the contracts' ApiClient calls, with answers by "METHOD /path".
 * A route may be a function (to look at the request, or to answer later); one that throws is a network error.
 */
export function fakeApi(routes: Record<string, Route>) {
  const requests: FakeRequest[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const request = {
      method,
      path: url.pathname,
      search: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const route = routes[`${method} ${url.pathname}`];
    if (!route) throw new Error(`The fake API has no answer for ${method} ${url.pathname}`);
    return response(typeof route === 'function' ? await route(request) : route);
  }) as typeof fetch;
  return {
    requests,
    /** The requests made to one route, e.g. `calls('POST /api/auth/login')`. */
    calls: (route: string) => requests.filter((request) => `${request.method} ${request.path}` === route),
  };
}

/** The error body the gateway answers with. */
export function apiError(
  status: number,
  code: string,
  issues?: { path: string; code: string }[],
  headers?: Record<string, string>,
): FakeReply {
  return { status, body: { error: { code, message: code, ...(issues ? { issues } : {}) } }, headers };
}

/** A reply the test sends when it chooses, to look at the page while the request is on its way. */
export function pendingReply() {
  let send: (reply: FakeReply) => void = () => undefined;
  const reply = new Promise<FakeReply>((resolve) => {
    send = resolve;
  });
  return { route: () => reply, send };
}

export const anna: User = {
  id: '5b7e1c1e-7d0c-4a53-9c55-0f3c2f8d9a11',
  name: 'Anna Caflisch',
  email: 'anna@example.ch',
  language: 'en',
  isSysAdmin: false,
};

export const admin: User = {
  id: '0f1c6c1b-2a43-4f0e-8d4e-3b1f7f7e2c22',
  name: 'Gian Admin',
  email: 'admin@example.ch',
  language: 'en',
  isSysAdmin: true,
};
