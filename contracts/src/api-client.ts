import {
  type ChangePasswordRequest,
  type DeleteUserRequest,
  type LoginRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
  messageSchema,
  resetTokenStatusSchema,
  userSchema,
} from './auth.ts';
import {
  type CategoryInput,
  type CourseInput,
  type CourseListQuery,
  type CourseUpdate,
  type CourseFile,
  type MyCoursesQuery,
  categorySchema,
  categoryUsageSchema,
  courseFileSchema,
  courseSavedSchema,
  courseSchema,
  courseSummarySchema,
  myCourseSchema,
  participationSchema,
} from './courses.ts';
import { ApiError, NetworkError } from './errors.ts';
import { API_VERSION, CSRF_HEADER, CSRF_HEADER_VALUE, TOTAL_COUNT_HEADER } from './http.ts';
import type { Language } from './languages.ts';
import { type PortalConfig, portalConfigSchema } from './portal-config.ts';
import { z } from 'zod/mini';

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
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  schema?: z.ZodMiniType<T>;
  signal?: AbortSignal;
}

/** The typed client of the portal API. Every page calls the API through it, never with fetch by hand. */
export class ApiClient {
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
    let body: string | FormData | undefined;
    // A form (a file upload) sets its own multipart content type with its boundary.
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
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

  // Session (answered by the gateway)
  login(payload: LoginRequest) {
    return this.request('/api/auth/login', { method: 'POST', body: payload, schema: userSchema });
  }

  /** The new user, signed in (REGISTRATION=open); or a message: the e-mail says what follows. */
  register(payload: RegisterRequest) {
    return this.request('/api/auth/register', {
      method: 'POST',
      body: payload,
      schema: z.union([userSchema, messageSchema]),
    });
  }

  logout() {
    return this.request('/api/auth/logout', { method: 'POST', schema: messageSchema });
  }

  checkLoginStatus() {
    return this.request('/api/auth/check-login-status', { schema: userSchema });
  }

  /** The signed-in user, or null for a visitor: the same check without a 401. */
  currentUser() {
    return this.request('/api/auth/check-login-status', { query: { optional: true }, schema: z.nullable(userSchema) });
  }

  // Account
  setLanguage(language: Language) {
    return this.request('/api/user/set-language', {
      method: 'POST',
      query: { requestedLanguage: language.toUpperCase() },
      schema: userSchema,
    });
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

  verifyEmail(token: string) {
    return this.request('/api/user/verify-email', { method: 'POST', body: { token }, schema: messageSchema });
  }

  resetTokenStatus(token: string) {
    return this.request('/api/user/reset-password/status', { query: { token }, schema: resetTokenStatusSchema });
  }

  changePassword(payload: ChangePasswordRequest) {
    return this.request('/api/user/change-password', { method: 'POST', body: payload, schema: messageSchema });
  }

  deleteAccount(payload: DeleteUserRequest) {
    return this.request('/api/user/delete-user', { method: 'DELETE', body: payload, schema: messageSchema });
  }

  // Courses
  /** One page of courses and the total that matches the filter. */
  async listCourses(query: CourseListQuery = {}, signal?: AbortSignal) {
    const { data, headers } = await this.exchange('/api/courses', {
      query: { ...query },
      schema: z.array(courseSummarySchema),
      signal,
    });
    return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
  }

  /** One page of the caller's courses in progress or completed, and how many there are. */
  async listMyCourses(query: MyCoursesQuery, signal?: AbortSignal) {
    const { data, headers } = await this.exchange('/api/courses/mine', {
      query: { ...query },
      schema: z.array(myCourseSchema),
      signal,
    });
    return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
  }

  /** One course, its text in `lang` (else the caller's stored language) when it has one, else in its default. */
  getCourse(id: string, signal?: AbortSignal, lang?: Language) {
    return this.request(`/api/courses/${encodeURIComponent(id)}`, { query: { lang }, schema: courseSchema, signal });
  }

  createCourse(payload: CourseInput) {
    return this.request('/api/courses', { method: 'POST', body: payload, schema: courseSavedSchema });
  }

  updateCourse(payload: CourseUpdate) {
    return this.request('/api/courses', { method: 'PUT', body: payload, schema: courseSavedSchema });
  }

  deleteCourse(id: string) {
    return this.request(`/api/courses/${encodeURIComponent(id)}`, { method: 'DELETE', schema: messageSchema });
  }

  startCourse(courseId: string) {
    return this.request('/api/courses/register-for-course', {
      method: 'POST',
      query: { courseId },
      schema: participationSchema,
    });
  }

  completeCourse(courseId: string) {
    return this.request('/api/courses/complete-course', {
      method: 'POST',
      query: { courseId },
      schema: participationSchema,
    });
  }

  // Files
  deleteFile(fileId: string) {
    return this.request(`/api/files/delete/${encodeURIComponent(fileId)}`, { method: 'DELETE', schema: messageSchema });
  }

  /** Where a browser downloads one file (a link opened in a new tab: the answer is an attachment). */
  fileDownloadUrl(fileId: string) {
    return this.url(`/api/files/download/${encodeURIComponent(fileId)}`);
  }

  /** Where a browser downloads all of a course's files as one zip. */
  courseFilesZipUrl(courseId: string) {
    return this.url(`/api/files/course/${encodeURIComponent(courseId)}/files/download`);
  }

  /** Uploads one file; one that finds the session ended is sent again after sign-in, as every other call. */
  async uploadFile(
    courseId: string,
    file: Blob,
    fileName: string,
    onProgress?: (percent: number) => void,
  ): Promise<CourseFile> {
    try {
      const stored = await this.sendFile(courseId, file, fileName, onProgress);
      this.answered?.();
      return stored;
    } catch (error) {
      const ended = error instanceof ApiError && error.code === 'unauthorized';
      if (ended && this.sessionEnded && (await this.sessionEnded())) {
        return this.uploadFile(courseId, file, fileName, onProgress);
      }
      throw error;
    }
  }

  /**
   * One file as multipart/form-data. fetch cannot report upload progress, so in a browser this goes through
   * XMLHttpRequest; elsewhere (tests, scripts) through fetch without progress.
   */
  private sendFile(
    courseId: string,
    file: Blob,
    fileName: string,
    onProgress?: (percent: number) => void,
  ): Promise<CourseFile> {
    const url = this.url('/api/files/upload', { courseId });
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
          return courseFileSchema.parse(payload);
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
        resolve(courseFileSchema.parse(payload));
      };
      request.send(form);
    });
  }

  // Categories
  /** Every category, named in `lang` (else the caller's stored language) when it has a name in it. */
  listCategories(signal?: AbortSignal, lang?: Language) {
    return this.request('/api/categories', { query: { lang }, schema: z.array(categorySchema), signal });
  }

  /** Every category with how many courses use it and its name in each language (administrators only). */
  listCategoryUsage(signal?: AbortSignal, lang?: Language) {
    return this.request('/api/categories/usage', { query: { lang }, schema: z.array(categoryUsageSchema), signal });
  }

  createCategory(payload: CategoryInput) {
    return this.request('/api/categories', { method: 'POST', body: payload, schema: categorySchema });
  }

  renameCategory(id: string, payload: CategoryInput) {
    return this.request('/api/categories', { method: 'PATCH', query: { id }, body: payload, schema: categorySchema });
  }

  deleteCategory(id: string) {
    return this.request('/api/categories', { method: 'DELETE', query: { id }, schema: messageSchema });
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
