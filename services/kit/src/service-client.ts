import type { Readable } from 'node:stream';
import { REQUEST_ID_HEADER } from '@portal/contracts/http';
import { BalancedPool, RetryAgent, type RetryHandler } from 'undici';
import { AppError } from './errors.ts';
import { IDENTITY_HEADER, type Identity, signIdentity } from './identity.ts';

/** Who asks and for which request, as a service received them: every internal call passes both on. */
export interface CallContext {
  identity: Identity;
  requestId: string;
}

export interface ServiceCall {
  /** Signed again for this call (with a fresh expiry). */
  identity: Omit<Identity, 'exp'> & { exp?: number };
  requestId: string;
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
}

export interface ServiceAnswer {
  status: number;
  /** The parsed JSON, or undefined for an empty answer. */
  body: unknown;
}

export interface ServiceClientOptions {
  secret: string;
  /** The longest wait for the answer's headers, and then between two chunks of its body. */
  answerTimeoutMs: number;
}

/** Connection errors where the service never answered (down, restarting, unreachable). */
export const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ECONNRESET', 'EAI_AGAIN']);
const UNAVAILABLE_CODES = new Set([
  ...UNREACHABLE_CODES,
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);
/** Another instance is on the same network: a connection that takes longer than this will not come. */
const CONNECT_TIMEOUT_MS = 2_000;
const IDEMPOTENT = ['GET', 'HEAD'];
const FAILED_ON_THE_WAY = ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN'];

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code ?? '';

/** The one mapping of a failed internal call: down, unreachable or slow is 503; anything else 502. */
export function serviceFailure(service: string, error: unknown): AppError {
  return UNAVAILABLE_CODES.has(codeOf(error))
    ? new AppError(503, 'service_unavailable', `The ${service} service is not available right now`, { cause: error })
    : new AppError(502, 'bad_gateway', `The ${service} service could not be reached`, { cause: error });
}

/** An answer the caller did not expect from another service. */
export function unexpectedAnswer(service: string, status: number): AppError {
  return new AppError(502, 'bad_gateway', `The ${service} service answered ${status}`);
}

/**
 * A refused connection never reached the service, so any call may try another instance; a read that failed on
 * the way may be asked again; a write that may have arrived is never sent twice. Statuses are the caller's.
 */
const retryOnce: RetryHandler.RetryCallback = (error, { state, opts }, again) => {
  const code = codeOf(error);
  const safe = code === 'ECONNREFUSED' || (IDEMPOTENT.includes(opts.method) && FAILED_ON_THE_WAY.includes(code));
  again(safe && state.counter <= 1 ? null : error);
};

/**
 * The one way a process calls another service: undici's pool over the service's instances (kept-alive
 * connections, weighted round-robin where each refused connection lowers an instance's weight),
 * its retry agent for the one second try above, the caller's signed identity and request id, and one error
 * mapping (503 when down or slow, 502 for an unreadable answer).
 */
export function serviceClient(
  service: string,
  /** The instances' URLs, comma-separated, or the gateway's targets of them. */
  urls: string | { instances: readonly string[] },
  options: ServiceClientOptions,
) {
  const instances =
    typeof urls === 'string'
      ? urls
          .split(',')
          .map((url) => url.trim())
          .filter(Boolean)
      : [...urls.instances];
  const pool = new BalancedPool(instances, {
    connectTimeout: CONNECT_TIMEOUT_MS,
    headersTimeout: options.answerTimeoutMs,
    bodyTimeout: options.answerTimeoutMs,
  });
  const dispatcher = new RetryAgent(pool, { retry: retryOnce, statusCodes: [] });

  function send(path: string, call: ServiceCall, accept: string) {
    const { exp: _expiry, ...claims } = call.identity;
    const method = call.method ?? 'GET';
    const url = new URL(path, 'http://service');
    const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
    return dispatcher.request({
      path: url.pathname + url.search,
      method,
      headers: {
        accept,
        [IDENTITY_HEADER]: signIdentity(claims, { method, path: `${url.pathname}${url.search}` }, options.secret),
        [REQUEST_ID_HEADER]: call.requestId,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: payload,
    });
  }

  async function call(path: string, request: ServiceCall): Promise<ServiceAnswer> {
    let answer: { status: number; text: string };
    try {
      const response = await send(path, request, 'application/json');
      answer = { status: response.statusCode, text: await response.body.text() };
    } catch (error) {
      throw serviceFailure(service, error);
    }
    if (!answer.text) return { status: answer.status, body: undefined };
    try {
      return { status: answer.status, body: JSON.parse(answer.text) as unknown };
    } catch {
      if (answer.status < 400)
        throw new AppError(502, 'bad_gateway', `The ${service} service answered something unreadable`);
      return { status: answer.status, body: answer.text };
    }
  }

  /** A call whose answer is bytes, handed on as they come (a file), not read whole; a failure before it is 503/502. */
  async function stream(path: string, request: ServiceCall): Promise<{ status: number; body: Readable }> {
    try {
      const response = await send(path, request, '*/*');
      return { status: response.statusCode, body: response.body };
    } catch (error) {
      throw serviceFailure(service, error);
    }
  }

  return Object.assign(call, { stream });
}
export type ServiceClient = ReturnType<typeof serviceClient>;
