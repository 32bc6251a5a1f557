import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { ADMIN, expect, type Language } from './portal.ts';

/** What every state-changing call needs (DESIGN.md, CSRF). */
export const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

interface Course {
  id: string;
  title: string;
  description: string;
  isPublished: boolean;
  categories: { id: string; name: string }[];
  updatedAt: string;
}

/** Signs the page's browser context in as the administrator that the webServer creates. */
export async function signInAsAdmin(page: Page) {
  const response = await page.request.post('/api/auth/login', { headers: XHR, data: ADMIN });
  expect(response.ok()).toBe(true);
}

/** A page in a browser context of its own, signed in as the administrator: close `page.context()` when done. */
export async function newAdminPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInAsAdmin(page);
  return page;
}

/** The administrator's stored language: after sign-in it is the language of every page. */
export async function setLanguage(request: APIRequestContext, language: Language) {
  const response = await request.post(`/api/user/set-language?requestedLanguage=${language.toUpperCase()}`, {
    headers: XHR,
  });
  expect(response.ok()).toBe(true);
}

export async function categoryId(request: APIRequestContext, name: string): Promise<string> {
  const categories = (await (await request.get('/api/categories')).json()) as { id: string; name: string }[];
  const found = categories.find((category) => category.name === name);
  if (!found) throw new Error(`No category "${name}"`);
  return found.id;
}

/** A course made by the administrator through the API: faster than the editor for tests about other pages. */
export async function createCourse(
  request: APIRequestContext,
  {
    title,
    isPublished,
    category = 'Onboarding',
    completionProof,
  }: { title: string; isPublished: boolean; category?: string; completionProof?: 'confirmation' | 'upload' },
): Promise<Course> {
  const response = await request.post('/api/courses', {
    headers: XHR,
    data: {
      title,
      description: `<p>${title}: a course made by the end-to-end tests.</p>`,
      isPublished,
      categoryIds: [await categoryId(request, category)],
      ...(completionProof ? { completionProof } : {}),
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Course;
}

/** Publishes or unpublishes a course with PUT, sending back the updatedAt it was loaded with. */
export async function setPublished(request: APIRequestContext, course: Course, isPublished: boolean) {
  const response = await request.put('/api/courses', {
    headers: XHR,
    data: {
      id: course.id,
      title: course.title,
      description: course.description,
      isPublished,
      categoryIds: course.categories.map((category) => category.id),
      updatedAt: course.updatedAt,
    },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Course;
}

/** The id of a published course found by a word of its title, as the signed-in user sees it. */
export async function courseIdByTitle(request: APIRequestContext, words: string): Promise<string> {
  const response = await request.get(`/api/courses?q=${encodeURIComponent(words)}`);
  const [course] = (await response.json()) as { id: string }[];
  if (!course) throw new Error(`No course matches "${words}"`);
  return course.id;
}

/** A title no other test uses. */
export const uniqueTitle = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

/** A small, valid PDF to upload as a course's result: the server decides a result's type by its first bytes. */
export const pdfResult = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
});

/** The id of the account of `email`, as the administrators' user list gives it. */
export async function userIdOf(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.get(`/api/admin/users?q=${encodeURIComponent(email)}`);
  const [user] = (await response.json()) as { id: string }[];
  if (!user) throw new Error(`No account for ${email}`);
  return user.id;
}
