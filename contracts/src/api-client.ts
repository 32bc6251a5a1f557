import type { z } from 'zod';
import {
  type ChangePasswordRequest,
  type DeleteUserRequest,
  type LoginRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
  messageSchema,
  userSchema,
} from './auth.ts';
import { ApiError, NetworkError } from './errors.ts';
import { API_VERSION, CSRF_HEADER, CSRF_HEADER_VALUE } from './http.ts';
import type { Language } from './languages.ts';
import { type PortalConfig, portalConfigSchema } from './portal-config.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiClientOptions {
  /** Same origin by default (spec §7: base path is empty). */
  baseUrl?: string;
  fetch?: typeof fetch;
}

interface RequestOptions<T> {
  method?: Method;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
}

/** The typed client of the portal API. Every page calls the API through it, never with fetch by hand. */
export class ApiClient {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;

  constructor(options: ApiClientOptions = {}) {
    this.baseUrl = options.baseUrl ?? '';
    this.fetchImpl = options.fetch ?? ((...args) => globalThis.fetch(...args));
  }

  async request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    const url = this.url(path, options.query);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      [CSRF_HEADER]: CSRF_HEADER_VALUE,
      'X-Api-Version': API_VERSION,
    };
    let body: string | undefined;
    if (options.body !== undefined) {
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
    if (!response.ok) throw new ApiError(response.status, response.statusText, payload);
    return options.schema ? options.schema.parse(payload) : (payload as T);
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

  // Session (answered by the gateway)
  login(payload: LoginRequest) {
    return this.request('/api/auth/login', { method: 'POST', body: payload, schema: userSchema });
  }

  register(payload: RegisterRequest) {
    return this.request('/api/auth/register', { method: 'POST', body: payload, schema: userSchema });
  }

  logout() {
    return this.request('/api/auth/logout', { method: 'POST', schema: messageSchema });
  }

  checkLoginStatus() {
    return this.request('/api/auth/check-login-status', { schema: userSchema });
  }

  // Account
  setLanguage(language: Language) {
    return this.request('/api/user/set-language', {
      method: 'POST',
      query: { requestedLanguage: language.toUpperCase() },
      schema: userSchema,
    });
  }

  changePassword(payload: ChangePasswordRequest) {
    return this.request('/api/user/change-password', { method: 'POST', body: payload, schema: messageSchema });
  }

  deleteUser(payload: DeleteUserRequest) {
    return this.request('/api/user/delete-user', { method: 'DELETE', body: payload, schema: messageSchema });
  }

  requestPasswordReset(email: string) {
    return this.request('/api/user/request-password-reset', {
      method: 'POST',
      body: { email },
      schema: messageSchema,
    });
  }

  resetPassword(payload: ResetPasswordRequest) {
    return this.request('/api/user/reset-password', { method: 'POST', body: payload, schema: messageSchema });
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

/** The client of the page's own origin. */
export const api = new ApiClient();
