import { z } from 'zod/mini';
import { API_ROUTES, type ApiRoute } from './api-routes.ts';
import { DEFAULT_STATUS_TEXTS, errorBodySchema } from './errors.ts';
import { API_VERSION, CONTENT_LANGUAGE_HEADER, CSRF_HEADER, CSRF_HEADER_VALUE, TOTAL_COUNT_HEADER } from './http.ts';
import { LANGUAGES } from './languages.ts';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function parameters(route: ApiRoute) {
  const list: JsonSchema[] = [];
  for (const [location, schema] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (!schema) continue;
    const { properties = {}, required = [] } = jsonSchema(schema, 'input') as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(properties)) {
      list.push({ name, in: location, required: location === 'path' || required.includes(name), schema: property });
    }
  }
  return list;
}

/** Lists answered a page at a time, with the total in X-Total-Count. */
const PAGED_PATHS = new Set(['/api/courses', '/api/courses/mine', '/api/admin/users']);

const STATUS_TEXTS: Record<number, string> = {
  ...DEFAULT_STATUS_TEXTS,
  409: 'Conflict',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
};

/** The answer's headers worth documenting: the total of a paged list, the language of the texts. */
function headers(route: ApiRoute): Record<string, JsonSchema> | undefined {
  const found: Record<string, JsonSchema> = {};
  if (route.method === 'get' && PAGED_PATHS.has(route.path)) {
    found[TOTAL_COUNT_HEADER] = { description: 'Items matching the query', schema: { type: 'integer' } };
  }
  if (route.contentLanguage) {
    found[CONTENT_LANGUAGE_HEADER] = {
      description: 'The language of the texts: for one course the one shown, for a list the one asked for',
      schema: { type: 'string', enum: [...LANGUAGES] },
    };
  }
  return Object.keys(found).length > 0 ? found : undefined;
}

function operation(route: ApiRoute) {
  const success = route.status ?? 200;
  const answerHeaders = headers(route);
  const responses: Record<string, JsonSchema> = {};
  if (route.binary) {
    responses[success] = {
      description: 'The file',
      content: { [route.binary]: { schema: { type: 'string', format: 'binary' } } },
    };
  } else {
    responses[success] = {
      description: 'Success',
      ...(answerHeaders ? { headers: answerHeaders } : {}),
      ...(route.response ? { content: { 'application/json': { schema: jsonSchema(route.response, 'output') } } } : {}),
    };
  }
  for (const status of [...route.errors, 503]) {
    responses[status] = {
      description: STATUS_TEXTS[status] ?? 'Error',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  const body = route.upload
    ? {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } },
          },
        },
      }
    : route.textBody
      ? {
          required: true,
          content: Object.fromEntries(route.textBody.map((type) => [type, { schema: { type: 'string' } }])),
        }
      : route.body
        ? { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } }
        : undefined;
  return {
    tags: [route.tag],
    summary: route.summary,
    operationId: `${route.method}${route.path.replace(/[^a-zA-Z0-9]+(.)?/g, (_match, next: string | undefined) => (next ?? '').toUpperCase())}`,
    ...(route.access === 'public' ? { security: [] } : {}),
    ...(route.access === 'admin' ? { description: 'System administrators only (403 for others).' } : {}),
    parameters: parameters(route),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of the public API, made from the route list and the zod schemas. */
export function openApiDocument(serverUrl = '/') {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of API_ROUTES) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][route.method] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Course portal API',
      version: API_VERSION,
      description: `Every state-changing call (and the GET form of start-course) must send \`${CSRF_HEADER}: ${CSRF_HEADER_VALUE}\`. Signed-in calls carry the session cookie set by login or register.`,
    },
    servers: [{ url: serverUrl }],
    security: [{ session: [] }],
    tags: [
      'Session',
      'Account',
      'Administration',
      'Courses',
      'Categories',
      'Files',
      'Audit',
      'Groups',
      'Training',
      'Quizzes',
    ].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'portal.sid' } },
      schemas: { Error: jsonSchema(errorBodySchema, 'output') },
    },
  };
}
export type OpenApiDocument = ReturnType<typeof openApiDocument>;
