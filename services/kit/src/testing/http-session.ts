import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@portal/contracts/http';

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A browser-like HTTP client for tests: keeps cookies, sends the CSRF header unless told not to. */
export class HttpSession {
  readonly baseUrl: string;
  cookies = new Map<string, string>();

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request<T = any>(
    method: string,
    path: string,
    options: { json?: unknown; body?: string; headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.csrf !== false) headers[CSRF_HEADER] = CSRF_HEADER_VALUE;
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (body !== undefined) {
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(new URL(path, this.baseUrl), { method, headers, body, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (!name) continue;
      if (/expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value.join('='));
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: the text is the body
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, options?: Parameters<HttpSession['request']>[2]) {
    return this.request<T>('GET', path, options);
  }

  post<T = any>(path: string, json?: unknown, options?: Parameters<HttpSession['request']>[2]) {
    return this.request<T>('POST', path, { ...options, json });
  }
}
