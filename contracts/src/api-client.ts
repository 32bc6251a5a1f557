import { API_CALLS, type ApiCall } from './api-calls.ts';
import { type CourseFile, courseFileSchema } from './courses.ts';
import { ApiError, NetworkError } from './errors.ts';
import { API_VERSION, CSRF_HEADER, CSRF_HEADER_VALUE, TOTAL_COUNT_HEADER } from './http.ts';
import { type PortalConfig, portalConfigSchema } from './portal-config.ts';
import type { z } from 'zod/mini';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiClientOptions {
  /** Same origin by default (spec §7: base path is empty). */
  baseUrl?: string;
  fetch?: typeof fetch;
}

/**
 * Called when a call finds the session ended (401 `unauthorized`): resolves true once the user signed in again,
 * and the call is then sent again; false, and the call fails with its 401.
 */
export type SessionEndedHandler = () => Promise<boolean>;

interface RequestOptions<T> {
  method?: Method;
  query?: Record<string, unknown>;
  body?: unknown;
  schema?: z.ZodMiniType<T>;
  signal?: AbortSignal;
}

/** One file sent to `url`, its answer parsed with `schema`. */
interface FileUpload<T> {
  url: string;
  schema: z.ZodMiniType<T>;
  file: Blob;
  fileName: string;
  onProgress?: (percent: number) => void;
}

type Calls = typeof API_CALLS;
type CallName = keyof Calls;
/** What is sent: the schemas' input (a query's values as the server reads them, `'true'`, `'EN'`). */
type Sent<Schema> = Schema extends z.ZodMiniType ? z.input<Schema> : never;
type Part<Route, Key extends 'params' | 'query' | 'body'> = Route extends { [K in Key]: infer Schema }
  ? object extends Sent<Schema>
    ? { [K in Key]?: Sent<Schema> }
    : { [K in Key]: Sent<Schema> }
  : { [K in Key]?: never };
/** A call's path parameters, query and body, each typed by the route's schema. */
export type CallInput<Route> = Part<Route, 'params'> & Part<Route, 'query'> & Part<Route, 'body'>;
export interface CallOptions {
  signal?: AbortSignal;
}
type Answer<Route> = Route extends { response: infer Schema extends z.ZodMiniType }
  ? Route extends { paged: true }
    ? { items: z.output<Schema>; total: number }
    : z.output<Schema>
  : undefined;
type Call<Route> = (
  ...args: object extends CallInput<Route>
    ? [input?: CallInput<Route>, options?: CallOptions]
    : [input: CallInput<Route>, options?: CallOptions]
) => Promise<Answer<Route>>;
/** A method for every call of a table that answers JSON; uploads and downloads have their own (uploadFile, href). */
export type CallMethods<Table> = {
  [Name in keyof Table as Table[Name] extends { response: z.ZodMiniType; upload?: never } ? Name : never]: Call<
    Table[Name]
  >;
};
export type ApiCalls = CallMethods<Calls>;

/** A route's path with its parameters (`:id`) filled in. */
function pathOf(route: ApiCall, params: Record<string, unknown> = {}): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/** The transport under the typed client: headers, errors, the session hooks, uploads. */
export class ApiTransport {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private sessionEnded: SessionEndedHandler | undefined;
  private answered: (() => void) | undefined;

  constructor(options: ApiClientOptions = {}) {
    this.baseUrl = options.baseUrl ?? '';
    this.fetchImpl = options.fetch ?? ((...args) => globalThis.fetch(...args));
  }

  /** The shell's answer to an ended session, for every slice's calls (this client is one shared module). */
  onSessionEnded(handler: SessionEndedHandler | undefined): void {
    this.sessionEnded = handler;
  }

  /** Told of every successful answer: each one has touched the session, so its idle timeout starts again. */
  onAnswer(listener: (() => void) | undefined): void {
    this.answered = listener;
  }

  async request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    return (await this.exchange(path, options)).data;
  }

  /** The answer with its headers, for calls whose headers carry data (X-Total-Count). */
  async exchange<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<{ data: T; headers: Headers }> {
    const url = this.url(path, options.query);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      [CSRF_HEADER]: CSRF_HEADER_VALUE,
      'X-Api-Version': API_VERSION,
    };
    let body: string | FormData | Blob | undefined;
    // A form (a file upload) sets its own multipart content type with its boundary.
    if (options.body instanceof FormData) body = options.body;
    else if (options.body instanceof Blob) {
      headers['Content-Type'] = options.body.type || 'text/plain';
      body = options.body;
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    let response: Response;
    try {
      response = await this.fetchImpl(url, {
        method: options.method ?? 'GET',
        headers,
        body,
        credentials: 'same-origin',
        signal: options.signal,
      });
    } catch (error) {
      throw new NetworkError(error);
    }
    const payload = await readPayload(response);
    if (!response.ok) {
      const error = new ApiError(response.status, response.statusText, payload, response.headers.get('Retry-After'));
      if (error.code === 'unauthorized' && this.sessionEnded && (await this.sessionEnded())) {
        return this.exchange(path, options);
      }
      throw error;
    }
    this.answered?.();
    return { data: options.schema ? options.schema.parse(payload) : (payload as T), headers: response.headers };
  }

  url(path: string, query?: RequestOptions<unknown>['query']): string {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) search.set(key, String(value));
    }
    const suffix = search.size > 0 ? `?${search.toString()}` : '';
    return `${this.baseUrl}${path}${suffix}`;
  }

  // Portal configuration
  getConfig(): Promise<PortalConfig> {
    return this.request('/config.json', { schema: portalConfigSchema });
  }

  /** Where a browser finds the answer of a call: a download, for a link opened in a new tab. */
  href<Name extends CallName>(name: Name, input?: CallInput<Calls[Name]>): string {
    return this.link(API_CALLS[name], input);
  }

  /** Where a browser finds the answer of a route of any call table. */
  link(route: ApiCall, input: { params?: Record<string, unknown>; query?: Record<string, unknown> } = {}): string {
    return this.url(pathOf(route, input.params), input.query);
  }

  /** One call as declared (in API_CALLS, or a page's own): its method, path, query, body and answer's schema. */
  async send<Route extends ApiCall>(
    route: Route,
    input: CallInput<Route> = {} as CallInput<Route>,
    { signal }: CallOptions = {},
  ): Promise<Answer<Route>> {
    const { data, headers } = await this.exchange(pathOf(route, input.params), {
      method: route.method.toUpperCase() as Method,
      query: input.query,
      body: input.body,
      schema: route.response,
      signal,
    });
    if (!route.paged) return data as Answer<Route>;
    const items = data as unknown[];
    return { items, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? items.length) } as Answer<Route>;
  }

  /** A call whose body is a text file (`textBody`): the file as it is, under its own type (text/plain if it has none). */
  async sendText<Route extends ApiCall & { textBody: readonly string[]; response: z.ZodMiniType }>(
    route: Route,
    input: CallInput<Route>,
    text: Blob,
    { signal }: CallOptions = {},
  ): Promise<z.output<Route['response']>> {
    const { data } = await this.exchange(pathOf(route, input.params), {
      method: route.method.toUpperCase() as Method,
      query: input.query,
      body: text,
      schema: route.response,
      signal,
    });
    return data as z.output<Route['response']>;
  }

  /** Uploads one file to a course; one that finds the session ended is sent again after sign-in, as every other call. */
  uploadFile(
    courseId: string,
    file: Blob,
    fileName: string,
    onProgress?: (percent: number) => void,
  ): Promise<CourseFile> {
    const url = this.href('uploadFile', { query: { courseId } });
    return this.upload({ url, schema: courseFileSchema, file, fileName, onProgress });
  }

  /** One file to an upload call of a page's own (`upload: true`), sent as `uploadFile` sends attachments. */
  uploadTo<Route extends ApiCall & { upload: true; response: z.ZodMiniType }>(
    route: Route,
    input: CallInput<Route>,
    file: Blob,
    fileName: string,
    onProgress?: (percent: number) => void,
  ): Promise<z.output<Route['response']>> {
    const url = this.url(pathOf(route, input.params), input.query);
    // The answer was parsed with the route's own schema.
    return this.upload({ url, schema: route.response, file, fileName, onProgress }) as Promise<
      z.output<Route['response']>
    >;
  }

  private async upload<T>(upload: FileUpload<T>): Promise<T> {
    try {
      const stored = await this.sendFile(upload);
      this.answered?.();
      return stored;
    } catch (error) {
      const ended = error instanceof ApiError && error.code === 'unauthorized';
      if (ended && this.sessionEnded && (await this.sessionEnded())) {
        return this.upload(upload);
      }
      throw error;
    }
  }

  /**
   * One file as multipart/form-data. fetch cannot report upload progress, so in a browser this goes through
   * XMLHttpRequest; elsewhere (tests, scripts) through fetch without progress.
   */
  private sendFile<T>({ url, schema, file, fileName, onProgress }: FileUpload<T>): Promise<T> {
    const form = new FormData();
    form.append('file', file, fileName);
    if (typeof XMLHttpRequest === 'undefined') {
      return this.fetchImpl(url, {
        method: 'POST',
        body: form,
        credentials: 'same-origin',
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, 'X-Api-Version': API_VERSION },
      }).then(
        async (response) => {
          const payload = await readPayload(response);
          if (!response.ok) throw new ApiError(response.status, response.statusText, payload);
          onProgress?.(100);
          return schema.parse(payload);
        },
        (error: unknown) => {
          throw new NetworkError(error);
        },
      );
    }
    return new Promise((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open('POST', url);
      request.withCredentials = false;
      request.setRequestHeader(CSRF_HEADER, CSRF_HEADER_VALUE);
      request.setRequestHeader('X-Api-Version', API_VERSION);
      request.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress?.(Math.min(99, Math.round((event.loaded / event.total) * 100)));
      };
      request.onerror = () => reject(new NetworkError(new Error('upload failed')));
      request.onload = () => {
        let payload: unknown = request.responseText;
        try {
          payload = JSON.parse(request.responseText);
        } catch {
          // not JSON: keep the text
        }
        if (request.status < 200 || request.status >= 300) {
          reject(new ApiError(request.status, request.statusText, payload));
          return;
        }
        onProgress?.(100);
        resolve(schema.parse(payload));
      };
      request.send(form);
    });
  }
}

async function readPayload(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  if (!type.includes('json')) return text;
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/** The typed client of the portal API: every page calls the API through it, never with fetch by hand. */
export type ApiClient = ApiTransport & ApiCalls;

/** A method for every JSON call of `table`, each sent through `transport`. */
function callMethods<Table extends Record<string, ApiCall>>(transport: ApiTransport, table: Table): CallMethods<Table> {
  const methods = Object.fromEntries(
    Object.entries<ApiCall>(table)
      .filter(([, call]) => call.response && !call.upload)
      .map(([name, call]) => [
        name,
        (input?: CallInput<ApiCall>, options?: CallOptions) => transport.send(call, input, options),
      ]),
  );
  // Each method's types come from its own entry, which Object.fromEntries cannot tell.
  return methods as unknown as CallMethods<Table>;
}

/** A client with a method for every call of API_CALLS (`api.getCourse({ params: { id } })`). */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const transport = new ApiTransport(options);
  return Object.assign(transport, callMethods(transport, API_CALLS));
}

/** The typed client of a call table kept out of API_CALLS, and the links to its downloads. */
export type CallTableClient<Table> = CallMethods<Table> & {
  href: <Name extends keyof Table>(name: Name, input?: CallInput<Table[Name]>) => string;
};

/**
 * A client for a call table that only some pages carry (API_CALLS is in every page): its calls go through
 * `transport`, the shared client's in the browser, so they share its headers and its answer to an ended session.
 */
export function createCallTableClient<Table extends Record<string, ApiCall>>(
  table: Table,
  transport: ApiTransport,
): CallTableClient<Table> {
  const href = <Name extends keyof Table>(name: Name, input?: CallInput<Table[Name]>) =>
    transport.link(table[name] as ApiCall, input);
  return Object.assign(callMethods(transport, table), { href });
}

/** The client of the page's own origin. */
export const api = createApiClient();
