import type { APIRequestContext, Browser, Page } from '@playwright/test';

const KIB = 1024;

/** Bytes of JavaScript on the wire (compressed, headers included), cold cache, per route of issue 10. */
export const JS_BUDGETS = {
  login: 150 * KIB,
  dashboard: 200 * KIB,
  course: 200 * KIB,
  createCourse: 350 * KIB,
} as const;

export type RouteName = keyof typeof JS_BUDGETS;

/** Credentials of a system administrator: /create-course needs one, the other signed-in pages work with it too. */
export interface Admin {
  email: string;
  password: string;
}

interface RouteSpec {
  /** The slice whose page this is: nothing of the other slices may load. */
  slice: 'auth' | 'courses' | 'editor';
  signedIn: boolean;
  /** Resolves once the page shows its content. */
  ready: (page: Page) => Promise<void>;
}

export const ROUTES: Record<RouteName, RouteSpec> = {
  login: {
    slice: 'auth',
    signedIn: false,
    ready: (page) => page.getByRole('button', { name: 'Log in' }).waitFor(),
  },
  dashboard: { slice: 'courses', signedIn: true, ready: (page) => page.getByRole('article').first().waitFor() },
  course: { slice: 'courses', signedIn: true, ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
  createCourse: {
    slice: 'editor',
    signedIn: true,
    ready: (page) => page.getByRole('heading', { name: 'Create course' }).waitFor(),
  },
};

export interface Transfer {
  path: string;
  type: string;
  status: number;
  /** Bytes received: the (encoded) body plus the response headers. */
  bytes: number;
  /** The body's bytes as received (encoded). */
  body: number;
  encoding: string;
}

export interface PageWeight {
  route: RouteName;
  path: string;
  transfers: Transfer[];
  /** JavaScript bytes on the wire. */
  javascript: number;
  /** Every byte on the wire, documents, styles, JSON and scripts together. */
  total: number;
  /** Why the page breaks the rules: a file loaded twice, another slice's files, an uncompressed text file. */
  problems: string[];
}

export const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** The path of a published course to weigh: the first of the dashboard's list. */
export async function firstCoursePath(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/courses?published=true&limit=1');
  const [course] = (await response.json()) as { id: string }[];
  if (!course) throw new Error('no published course to weigh: the portal needs at least one');
  return `/course/${course.id}`;
}

async function signIn(request: APIRequestContext, admin: Admin) {
  const response = await request.post('/api/auth/login', { headers: XHR, data: admin });
  if (!response.ok()) throw new Error(`signing in as ${admin.email} failed: ${response.status()}`);
}

const TEXT_TYPES = new Set(['document', 'script', 'stylesheet', 'fetch', 'xhr']);

/**
 * Loads one route in a fresh browser context (a cold cache) and adds up what the browser received, as Chromium
 * counts it (`request.sizes()`), with each answer's Content-Encoding.
 */
export async function weighRoute(
  browser: Browser,
  baseURL: string,
  route: RouteName,
  admin: Admin,
  routePath?: string,
): Promise<PageWeight> {
  const spec = ROUTES[route];
  const context = await browser.newContext({ baseURL, locale: 'en-US' });
  try {
    if (spec.signedIn) await signIn(context.request, admin);
    const path = routePath ?? (route === 'course' ? await firstCoursePath(context.request) : `/${kebab(route)}`);
    const page = await context.newPage();
    const finished: Promise<Transfer>[] = [];
    page.on('requestfinished', (request) => {
      finished.push(
        (async () => {
          const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
          const headers = (await response?.allHeaders()) ?? {};
          return {
            path: new URL(request.url()).pathname,
            type: request.resourceType(),
            status: response?.status() ?? 0,
            bytes: sizes.responseBodySize + sizes.responseHeadersSize,
            body: sizes.responseBodySize,
            encoding: headers['content-encoding'] ?? '',
          };
        })(),
      );
    });
    await page.goto(path);
    await spec.ready(page);
    await page.waitForLoadState('networkidle');
    const transfers = await Promise.all(finished);
    const javascript = sum(transfers.filter((transfer) => transfer.type === 'script'));
    return { route, path, transfers, javascript, total: sum(transfers), problems: problemsOf(transfers, spec.slice) };
  } finally {
    await context.close();
  }
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const sum = (transfers: Transfer[]) => transfers.reduce((total, transfer) => total + transfer.bytes, 0);

function problemsOf(transfers: Transfer[], slice: RouteSpec['slice']): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const transfer of transfers) {
    if (seen.has(transfer.path) && transfer.type !== 'fetch') problems.push(`loaded twice: ${transfer.path}`);
    seen.add(transfer.path);
    const other = /^\/mfe\/([^/]+)\//.exec(transfer.path)?.[1];
    if (other && other !== slice) problems.push(`the ${other} slice loaded before its route: ${transfer.path}`);
    // Answers up to 1 KiB are not worth compressing; every text file of the build and every larger JSON answer is.
    if (TEXT_TYPES.has(transfer.type) && transfer.body > 1024 && transfer.encoding === '' && transfer.status === 200) {
      problems.push(`sent uncompressed: ${transfer.path} (${transfer.body} bytes)`);
    }
  }
  return problems;
}
