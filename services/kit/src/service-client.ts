import { request } from 'node:http';
import { REQUEST_ID_HEADER } from '@portal/contracts/http';
import { AppError } from './errors.ts';
import { IDENTITY_HEADER, type Identity, signIdentity } from './identity.ts';
import { type ServiceTargets, serviceTargets } from './service-targets.ts';

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

/** Connection errors where the service never answered (down, restarting, unreachable). */
export const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ECONNRESET', 'EAI_AGAIN']);
const IDEMPOTENT = new Set(['GET', 'HEAD']);

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code ?? '';

/** The one mapping of a failed internal call: down, unreachable or slow is 503; anything else 502. */
export function serviceFailure(service: string, error: unknown): AppError {
  const code = codeOf(error);
  const unavailable = UNREACHABLE_CODES.has(code) || code === 'ETIMEDOUT' || /timeout/i.test(String(error));
  return unavailable
    ? new AppError(503, 'service_unavailable', `The ${service} service is not available right now`, { cause: error })
    : new AppError(502, 'bad_gateway', `The ${service} service could not be reached`, { cause: error });
}

/** An answer the caller did not expect from another service. */
export function unexpectedAnswer(service: string, status: number): AppError {
  return new AppError(502, 'bad_gateway', `The ${service} service answered ${status}`);
}

class StaleConnection extends Error {
  constructor(cause: Error) {
    super('the kept-alive connection was closed by the service', { cause });
  }
}

interface RawAnswer {
  status: number;
  text: string;
}

function send(
  targets: ServiceTargets,
  baseUrl: string,
  path: string,
  call: ServiceCall,
  options: { secret: string; timeoutMs: number },
): Promise<RawAnswer> {
  const { exp: _expiry, ...claims } = call.identity;
  const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
  const url = new URL(path, baseUrl);
  const method = call.method ?? 'GET';
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method,
        agent: targets.agent,
        headers: {
          accept: 'application/json',
          [IDENTITY_HEADER]: signIdentity(claims, { method, path: `${url.pathname}${url.search}` }, options.secret),
          [REQUEST_ID_HEADER]: call.requestId,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          clearTimeout(timer);
          resolve({ status: incoming.statusCode ?? 502, text: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    const timer = setTimeout(
      () =>
        outgoing.destroy(Object.assign(new Error(`no answer within ${options.timeoutMs} ms`), { code: 'ETIMEDOUT' })),
      options.timeoutMs,
    );
    outgoing.on('error', (error) => {
      clearTimeout(timer);
      // A kept-alive connection the service had just closed: the request never reached it.
      reject(outgoing.reusedSocket && codeOf(error) === 'ECONNRESET' ? new StaleConnection(error) : error);
    });
    outgoing.end(payload);
  });
}

/**
 * The one way a process calls another service: kept-alive connections, the caller's signed identity and
 * request id, a timeout, and one error mapping (503 when down or slow, 502 for an unreadable answer). A call
 * that never reached an instance (refused), and a read that failed on the way, are tried once on another
 * instance; writes are not sent twice.
 */
export function serviceClient(
  service: string,
  targets: ServiceTargets | string,
  options: { secret: string; timeoutMs: number },
) {
  const instances = typeof targets === 'string' ? serviceTargets(targets) : targets;
  return async function call(path: string, call: ServiceCall): Promise<ServiceAnswer> {
    let answer: RawAnswer;
    const first = instances.next();
    try {
      answer = await send(instances, first, path, call, options);
    } catch (error) {
      const stale = error instanceof StaleConnection;
      const code = codeOf(error);
      if (UNREACHABLE_CODES.has(code)) instances.markDown(first);
      const retriable =
        stale || code === 'ECONNREFUSED' || (UNREACHABLE_CODES.has(code) && IDEMPOTENT.has(call.method ?? 'GET'));
      if (!retriable) throw serviceFailure(service, error);
      try {
        answer = await send(instances, stale ? first : instances.next(), path, call, options);
      } catch (again) {
        throw serviceFailure(service, again);
      }
    }
    if (!answer.text) return { status: answer.status, body: undefined };
    try {
      return { status: answer.status, body: JSON.parse(answer.text) as unknown };
    } catch {
      if (answer.status < 400)
        throw new AppError(502, 'bad_gateway', `The ${service} service answered something unreadable`);
      return { status: answer.status, body: answer.text };
    }
  };
}
export type ServiceClient = ReturnType<typeof serviceClient>;
