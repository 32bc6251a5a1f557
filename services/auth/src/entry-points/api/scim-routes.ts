import {
  SCIM_BASE_PATH,
  SCIM_MEDIA_TYPE,
  SCIM_SCHEMAS,
  scimGroupSchema,
  scimListQuerySchema,
  scimPatchSchema,
  scimUserSchema,
} from '@portal/contracts/scim';
import { auditContextOf } from '@portal/kit/audit';
import { AppError, toAppError } from '@portal/kit/errors';
import type { Logger } from '@portal/kit/logger';
import { strictRouter } from '@portal/kit/service-app';
import { parseInput } from '@portal/kit/validate';
import { END_SESSIONS_HEADER } from '@portal/contracts/http';
import express, {
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
  type Router,
} from 'express';
import { type Directory, ScimError, type WriteRequest, type Written } from '../../domain/scim.ts';
import { PatchError, type Resource } from '../../domain/scim-patch.ts';
import type { ScimTokens } from '../../domain/scim-tokens.ts';
import { discovery } from './scim-discovery.ts';

/** The scheme in any letter case, then one or more spaces (RFC 9110 11.1, 11.4). */
const BEARER = /^Bearer +([\x21-\x7e]{1,512})$/i;

function send(res: Response, status: number, body: unknown) {
  res.status(status).type(SCIM_MEDIA_TYPE).json(body);
}

function sendResource(res: Response, status: number, resource: Resource) {
  const { version, location } = resource.meta as { version: string; location: string };
  res.set('ETag', version);
  if (status === 201) res.set('Location', location);
  send(res, status, resource);
}

function sendWritten(res: Response, written: Written) {
  if (written.endSessionsOf.length > 0) res.set(END_SESSIONS_HEADER, written.endSessionsOf.join(','));
}

function scimError(status: number, detail: string, scimType?: string) {
  return { schemas: [SCIM_SCHEMAS.error], status: String(status), ...(scimType ? { scimType } : {}), detail };
}

/** Every failure in SCIM's own error shape (RFC 7644 3.12); the portal's error codes mean nothing to a directory. */
function scimErrors(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error instanceof ScimError)
      return send(res, error.status, scimError(error.status, error.message, error.scimType));
    if (error instanceof PatchError) return send(res, 400, scimError(400, error.message, error.scimType));
    const type = (error as { type?: string } | undefined)?.type;
    if (type === 'entity.parse.failed')
      return send(res, 400, scimError(400, 'The body is not valid JSON', 'invalidSyntax'));
    // What the rest of the portal answers 4xx (malformed percent-encoding, any client error), in SCIM's shape.
    const clientError = toAppError(error);
    if (clientError.status < 500) {
      const detail = [
        clientError.message,
        ...(clientError.issues ?? []).map((issue) => `${issue.path}: ${issue.code}`),
      ].join('; ');
      if (clientError.status === 401) res.set('WWW-Authenticate', 'Bearer realm="SCIM"');
      return send(
        res,
        clientError.status,
        scimError(clientError.status, detail, clientError.status === 400 ? 'invalidValue' : undefined),
      );
    }
    logger.error({ err: error, requestId: req.id, path: req.path }, 'SCIM request failed');
    send(res, 500, scimError(500, 'Something went wrong on our side'));
  };
}

/** The bearer token, checked before the body is read. */
function requireScimToken(tokens: ScimTokens): RequestHandler {
  return async (req, _res, next) => {
    const bearer = BEARER.exec(req.get('authorization') ?? '')?.[1];
    next(
      bearer && (await tokens.accepts(bearer))
        ? undefined
        : new AppError(401, 'unauthorized', 'A valid bearer token is required'),
    );
  };
}

/** Who the trail names for a directory's change: no account, the directory's address. */
const directoryContext = (req: Request) => auditContextOf(req, 'SCIM directory');
/** Who writes, for the trail, and the version the write is for. */
const writeRequestOf = (req: Request): WriteRequest => ({
  context: directoryContext(req),
  ifMatch: req.get('if-match')?.slice(0, 1024),
});
const excludesMembers = (query: { excludedAttributes?: string | undefined }) =>
  query.excludedAttributes?.split(',').some((attribute) => attribute.trim().toLowerCase() === 'members') ?? false;

/**
 * SCIM 2.0 (RFC 7643/7644) for a company's directory: /scim/v2/Users, /Groups and the discovery documents. The
 * gateway passes these calls without a session; the directory's bearer token is what lets them in.
 */
export function scimRoutes(scim: Directory, tokens: ScimTokens, logger: Logger): Router {
  const router = strictRouter();
  const base = SCIM_BASE_PATH;
  router.use(base, requireScimToken(tokens));
  // The service leaves SCIM bodies to this router (ownBodies): read after the token, failures in SCIM's shape.
  router.use(base, express.json({ type: ['application/json', SCIM_MEDIA_TYPE], limit: '100kb' }));

  const documents = discovery(base);
  router.get(`${base}/ServiceProviderConfig`, (_req, res) => send(res, 200, documents.serviceProviderConfig));
  for (const kind of ['resourceTypes', 'schemas'] as const) {
    const path = `${base}/${kind === 'schemas' ? 'Schemas' : 'ResourceTypes'}`;
    router.get(path, (_req, res) => send(res, 200, documents[kind].list));
    router.get(`${path}/:id`, (req, res) => {
      const found = (documents[kind].byId as Map<string, unknown>).get(req.params.id);
      if (!found) throw new ScimError(404, `No ${kind} ${req.params.id}`);
      send(res, 200, found);
    });
  }

  router.get(`${base}/Users`, async (req, res) => {
    send(res, 200, await scim.listUsers(parseInput(scimListQuerySchema, req.query, 'query')));
  });
  router.post(`${base}/Users`, async (req, res) => {
    sendResource(res, 201, await scim.createUser(parseInput(scimUserSchema, req.body, 'user'), directoryContext(req)));
  });
  router.get(`${base}/Users/:id`, async (req, res) => {
    sendResource(res, 200, await scim.getUser(req.params.id));
  });
  router.put(`${base}/Users/:id`, async (req, res) => {
    const input = parseInput(scimUserSchema, req.body, 'user');
    const written = await scim.replaceUser(req.params.id, input, writeRequestOf(req));
    sendWritten(res, written);
    sendResource(res, 200, written.resource);
  });
  router.patch(`${base}/Users/:id`, async (req, res) => {
    const patch = parseInput(scimPatchSchema, req.body, 'patch');
    const written = await scim.patchUser(req.params.id, patch, writeRequestOf(req));
    sendWritten(res, written);
    sendResource(res, 200, written.resource);
  });
  router.delete(`${base}/Users/:id`, async (req, res) => {
    sendWritten(res, await scim.deleteUser(req.params.id, writeRequestOf(req)));
    res.status(204).end();
  });

  router.get(`${base}/Groups`, async (req, res) => {
    const query = parseInput(scimListQuerySchema, req.query, 'query');
    send(res, 200, await scim.listGroups(query, !excludesMembers(query)));
  });
  router.post(`${base}/Groups`, async (req, res) => {
    sendResource(
      res,
      201,
      await scim.createGroup(parseInput(scimGroupSchema, req.body, 'group'), directoryContext(req)),
    );
  });
  router.get(`${base}/Groups/:id`, async (req, res) => {
    const query = parseInput(scimListQuerySchema, req.query, 'query');
    sendResource(res, 200, await scim.getGroup(req.params.id, !excludesMembers(query)));
  });
  router.put(`${base}/Groups/:id`, async (req, res) => {
    const input = parseInput(scimGroupSchema, req.body, 'group');
    sendResource(res, 200, await scim.replaceGroup(req.params.id, input, writeRequestOf(req)));
  });
  router.patch(`${base}/Groups/:id`, async (req, res) => {
    const patch = parseInput(scimPatchSchema, req.body, 'patch');
    sendResource(res, 200, await scim.patchGroup(req.params.id, patch, writeRequestOf(req)));
  });
  router.delete(`${base}/Groups/:id`, async (req, res) => {
    await scim.deleteGroup(req.params.id, writeRequestOf(req));
    res.status(204).end();
  });

  router.use(base, (req, _res, next) => {
    next(new ScimError(404, `No SCIM endpoint ${req.method} ${req.path}`));
  });
  router.use(base, scimErrors(logger));
  return router;
}
