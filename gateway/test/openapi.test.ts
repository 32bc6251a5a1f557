import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { API_ROUTES } from '@portal/contracts/api-routes';
import { testBackends } from '@portal/kit/testing/backends';
import { SERVICE_NAMES, TOPOLOGY } from '@portal/kit/topology';
import type { Router } from 'express';
import { groupRoutes } from '@portal/auth-service/entry-points/api/group-routes';
import { oidcRoutes } from '@portal/auth-service/entry-points/api/oidc-routes';
import { onboardingRoutes } from '@portal/auth-service/entry-points/api/onboarding-routes';
import { authRoutes } from '@portal/auth-service/entry-points/api/routes';
import { lessonRoutes } from '@portal/courses-service/entry-points/api/lesson-routes';
import { categoryRoutes, courseRoutes } from '@portal/courses-service/entry-points/api/routes';
import { auditRoutes } from '@portal/audit-service/entry-points/api/routes';
import { trainingRoutes } from '@portal/training-service/entry-points/api/routes';
import { quizzesRoutes } from '@portal/quizzes-service/entry-points/api/routes';
import { fileRoutes } from '@portal/files-service/entry-points/api/routes';
import { personalDataExport } from '../src/personal-data-export.ts';
import { prefixOf, yieldsTo } from '../src/prefixes.ts';
import { sessionAliveRoute, sessionRoutes } from '../src/session-routes.ts';
import { startTestPortal, type TestPortal } from './harness.ts';

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every METHOD path a router really serves, found by walking its layers (nested routers too). */
function routesOf(router: Router): string[] {
  const found: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) found.push(`${method} ${layer.route.path}`);
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((router as unknown as { stack: Layer[] }).stack);
  return found;
}

// The routers are built with stand-ins: building them calls nothing, and only their routes are read here.
const unused = new Proxy({}, { get: () => () => undefined }) as never;
const served = {
  gateway: [
    ...routesOf(sessionRoutes(unused, unused, unused, unused)),
    ...routesOf(sessionAliveRoute([])),
    ...routesOf(personalDataExport({})),
  ],
  auth: [
    ...routesOf(authRoutes(unused, unused, unused)),
    ...routesOf(onboardingRoutes(unused)),
    ...routesOf(groupRoutes(unused)),
    ...routesOf(oidcRoutes(unused, unused)),
  ],
  courses: [
    ...routesOf(categoryRoutes(unused)),
    ...routesOf(courseRoutes(unused, { storage: unused, maxBytes: 1, content: unused, discard: unused })),
    ...routesOf(lessonRoutes(unused)),
  ],
  files: routesOf(fileRoutes(unused, unused, { maxBytes: 1, chunkBytes: 1024 }, unused)),
  audit: routesOf(auditRoutes(unused)),
  training: routesOf(trainingRoutes(unused, unused, unused)),
  quizzes: routesOf(quizzesRoutes(unused, unused, unused)),
};
const publicRoutes = (routes: string[]) => routes.filter((route) => route.split(' ')[1]?.startsWith('/api/'));

describe('the OpenAPI document', () => {
  it('when a route is served under /api, then it is documented, and every documented route is served', () => {
    const documented = API_ROUTES.map((route) => `${route.method} ${route.path}`).sort();
    const implemented = [
      ...publicRoutes(served.gateway),
      ...publicRoutes(served.auth).filter((route) => !served.gateway.includes(route)),
      ...publicRoutes(served.courses),
      ...publicRoutes(served.files),
      ...publicRoutes(served.audit),
      ...publicRoutes(served.training),
      ...publicRoutes(served.quizzes),
    ].sort();
    expect(implemented).toEqual(documented);
  });

  it('when a documented route belongs to a service, then the gateway lets it through to that service', () => {
    for (const route of API_ROUTES) {
      const key = `${route.method} ${route.path}`;
      if (served.gateway.includes(key)) continue;
      const owner = SERVICE_NAMES.find((name) => {
        const prefix = prefixOf(route.path, TOPOLOGY[name].proxied);
        const others = SERVICE_NAMES.filter((other) => other !== name).flatMap((other) => TOPOLOGY[other].proxied);
        return prefix !== undefined && !yieldsTo(route.path, prefix, others);
      });
      expect({
        key,
        servedByOwner: owner ? served[owner].includes(key) : false,
      }).toEqual({
        key,
        servedByOwner: true,
      });
    }
  });

  describe('as the gateway serves it', () => {
    let portal: TestPortal;
    beforeAll(async () => {
      portal = await startTestPortal(testBackends()[0]!, { withCourses: false });
    });
    afterAll(() => portal?.stop());

    it('when /api/openapi.json is read, then it is OpenAPI 3.1 with every route and its schemas', async () => {
      const { status, body } = await portal.session().get('/api/openapi.json');
      expect(status).toBe(200);
      expect(body.openapi).toBe('3.1.0');
      expect(Object.keys(body.paths)).toContain('/api/courses/{id}');
      const create = body.paths['/api/courses'].post;
      const createBody = create.requestBody.content['application/json'].schema;
      expect(createBody.required).toEqual(expect.arrayContaining(['isPublished', 'categoryIds']));
      expect(Object.keys(createBody.properties)).toEqual(
        expect.arrayContaining(['title', 'description', 'texts', 'defaultLanguage']),
      );
      expect(create.responses['201'].headers['Content-Language'].schema.enum).toEqual(['en', 'fr', 'de', 'it', 'rm']);
      expect(body.paths['/api/courses'].get.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
        expect.arrayContaining(['lang', 'inLanguage']),
      );
      expect(body.paths['/api/files/upload'].post.requestBody.content['multipart/form-data']).toBeDefined();
      expect(body.paths['/api/auth/login'].post.security).toEqual([]);
    });

    it('when /api/docs is opened, then a reference page lists every route', async () => {
      const page = await portal.session().get('/api/docs');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      for (const route of API_ROUTES) expect(page.text).toContain(route.path.replace(/:(\w+)/g, '{$1}'));
    });
  });
});
