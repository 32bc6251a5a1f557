import { REQUEST_ID_HEADER } from '@portal/contracts/http';
import { AppError } from '@portal/kit/errors';
import { IDENTITY_HEADER, type Identity, signIdentity } from '@portal/kit/identity';
import type { ServiceTargets } from './service-targets.ts';

export interface ServiceCall {
  method?: string;
  body?: unknown;
  identity: Omit<Identity, 'exp'>;
  requestId: string;
}

export interface ServiceAnswer {
  status: number;
  body: unknown;
}

const refused = (error: unknown) => (error as { cause?: { code?: string } })?.cause?.code === 'ECONNREFUSED';

/**
 * Calls a service from the gateway with the signed identity, a timeout, and a clear 503 when it is down or
 * slow. A refused connection (the request never reached the service) is tried once on the next instance.
 */
export function serviceClient(name: string, targets: ServiceTargets, options: { secret: string; timeoutMs: number }) {
  return async function call(path: string, call: ServiceCall): Promise<ServiceAnswer> {
    const send = (baseUrl: string) =>
      fetch(new URL(path, baseUrl), {
        method: call.method ?? 'GET',
        headers: {
          'content-type': 'application/json',
          [IDENTITY_HEADER]: signIdentity(call.identity, options.secret),
          [REQUEST_ID_HEADER]: call.requestId,
        },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    let response: Response;
    try {
      const first = targets.next();
      try {
        response = await send(first);
      } catch (error) {
        if (!refused(error) || targets.instances.length < 2) throw error;
        targets.markDown(first);
        response = await send(targets.next());
      }
    } catch (error) {
      throw new AppError(503, 'service_unavailable', `The ${name} service is not available`, { cause: error });
    }
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      if (response.ok) throw new AppError(502, 'bad_gateway', `The ${name} service answered something unreadable`);
    }
    return { status: response.status, body };
  };
}
export type ServiceClient = ReturnType<typeof serviceClient>;
