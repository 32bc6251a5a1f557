import { SCIM_BASE_PATH } from '@portal/contracts/scim';
import { apiNotFound, errorHandler } from '@portal/kit/errors';
import { createLogger } from '@portal/kit/logger';
import { createMetrics } from '@portal/kit/metrics';
import { requestContext } from '@portal/kit/request-context';
import { listen } from '@portal/kit/server';
import { serviceClient } from '@portal/kit/service-client';
import { serviceTargets } from '@portal/kit/service-targets';
import { SERVICE_NAMES, type ServiceName, TOPOLOGY } from '@portal/kit/topology';
import express, { type Express } from 'express';
import { Redis } from 'ioredis';
import type { GatewayConfig } from './config.ts';
import { requireCsrfHeader } from './csrf.ts';
import { apiCompression } from './api-compression.ts';
import { API_DOCS_PATH, apiReference } from './api-reference.ts';
import { bodyLimits } from './body-limits.ts';
import { healthRoutes, metricsAccess } from './health.ts';
import { companyProvider } from './oidc.ts';
import { privateAnswers } from './private-answers.ts';
import { personalDataExport } from './personal-data-export.ts';
import { serviceProxy } from './proxy.ts';
import { perAddress, rateLimits } from './rate-limits.ts';
import { scimRateLimit } from './scim.ts';
import { securityHeaders } from './security-headers.ts';
import { sessionAliveRoute, sessionRoutes } from './session-routes.ts';
import { sessionMiddleware } from './session.ts';
import { staticSlices } from './static-slices.ts';
import { uploadLocks } from './upload-locks.ts';

function createGatewayApp(config: GatewayConfig, redis?: Redis) {
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const app: Express = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY ? 1 : false);
  app.set('query parser', 'simple');
  // Paths match only as written, as in the services: no second spelling of a route escapes the gateway's checks.
  app.set('case sensitive routing', true);
  app.set('strict routing', true);

  const services = Object.fromEntries(
    SERVICE_NAMES.map((name) => [name, serviceTargets(config[TOPOLOGY[name].urlVariable])]),
  ) as Record<ServiceName, ReturnType<typeof serviceTargets>>;
  const proxyOptions = { secret: config.IDENTITY_SECRET, timeoutMs: config.SERVICE_TIMEOUT_MS, logger };
  const limits = rateLimits(config, redis);
  const authClient = serviceClient('auth', services.auth, {
    secret: config.IDENTITY_SECRET,
    answerTimeoutMs: config.SERVICE_TIMEOUT_MS,
  });
  const providers = companyProvider(config, authClient, logger);
  const sessions = sessionMiddleware(config, redis);

  const bodies = bodyLimits(config.MAX_FILE_BYTES, logger, uploadLocks(redis, config.REDIS_KEY_PREFIX, logger));

  const metrics = createMetrics('gateway');
  app.use(requestContext(logger));
  app.use(metrics.middleware);
  app.use(securityHeaders(config, ['/api', SCIM_BASE_PATH], [API_DOCS_PATH]));
  app.use(bodies.limitBodies);
  app.use(
    healthRoutes(
      Object.fromEntries(Object.entries(services).map(([name, targets]) => [name, targets.instances])),
      redis,
    ),
  );
  app.get('/metrics', metricsAccess(config.METRICS_TOKEN), metrics.handler);

  app.use(sessionAliveRoute([privateAnswers, ...sessions.peek]));
  app.use('/api', apiCompression(), privateAnswers, ...sessions.handlers, requireCsrfHeader);
  app.use(bodies.oneUploadAtATime);
  app.post('/api/user/request-password-reset', perAddress(limits.reset));
  app.post('/api/user/reset-password', perAddress(limits.reset));
  // A registration's confirmation link is tried as often as a reset link's.
  app.post('/api/user/verify-email', perAddress(limits.resetStatus));
  app.get('/api/user/reset-password/status', perAddress(limits.resetStatus));
  // SCIM clients send a bearer token, no session and no CSRF header: /scim is outside /api and its middleware.
  app.use(SCIM_BASE_PATH, privateAnswers, scimRateLimit(limits));
  // Proxies come before any body parser so that uploads and JSON bodies stream through untouched.
  // Only the paths the topology lists for a service go to it: everything else under /api is the gateway's own.
  for (const name of SERVICE_NAMES) {
    app.use(
      serviceProxy({
        ...proxyOptions,
        name,
        targets: services[name],
        prefixes: [...TOPOLOGY[name].proxied],
        othersPrefixes: SERVICE_NAMES.filter((other) => other !== name).flatMap((other) => TOPOLOGY[other].proxied),
        endSessions: async (userIds) => {
          for (const userId of userIds) await sessions.store.endSessionsOf(userId);
        },
      }),
    );
  }
  app.use(sessionRoutes(authClient, limits, sessions.store, providers));
  app.use(
    personalDataExport(
      Object.fromEntries(
        Object.entries(services).map(([name, targets]) => [
          name,
          serviceClient(name, targets, { secret: config.IDENTITY_SECRET, answerTimeoutMs: config.SERVICE_TIMEOUT_MS }),
        ]),
      ),
    ),
  );
  app.use(apiReference());
  app.use('/api', apiNotFound);
  app.use(staticSlices(config, logger, providers));
  app.use(errorHandler(logger));

  return { app, logger, close: sessions.close };
}

/** Starts the gateway: Redis when configured, then HTTP. */
export async function startGateway(config: GatewayConfig) {
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined;
  const { app, logger, close } = createGatewayApp(config, redis);
  redis?.on('error', (error) => logger.warn({ err: error }, 'redis error'));
  const server = await listen(app, {
    port: config.PORT,
    host: config.HOST,
    logger,
    onStop: async () => {
      close();
      await redis?.quit();
    },
  });
  logger.info({ url: server.url, sessionStore: redis ? 'redis' : 'memory' }, 'gateway listening');
  return { ...server, logger };
}
