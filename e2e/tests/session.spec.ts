import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { createCourse, signInAsAdmin, uniqueTitle, XHR } from '../support/courses.ts';
import { ADMIN, expect, test } from '../support/portal.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../artifacts/screenshots');

/** Ends the page's session on the server, as a sign-out on another device or a restart would: the page is not told. */
async function endSessionElsewhere(page: Page, browser: Browser) {
  const elsewhere = await browser.newContext({ storageState: await page.context().storageState() });
  const response = await elsewhere.request.post('/api/auth/logout', { headers: XHR });
  expect(response.ok()).toBe(true);
  await elsewhere.close();
}

test('when the session of an editor with typed text ends, then Save asks to sign in, and after sign-in the course is saved with nothing lost', async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  const title = uniqueTitle('Session ends');
  await page.goto('/create-course');
  await page.getByLabel(/^Title/).fill(title);
  const editor = page.getByRole('textbox', { name: /Description/ });
  await editor.click();
  await editor.pressSequentially('Written before the session ended.');
  await page.getByRole('checkbox', { name: 'Onboarding' }).check();

  await endSessionElsewhere(page, browser);
  await page.getByRole('button', { name: 'Save as Draft' }).click();

  const dialog = page.getByRole('alertdialog', { name: 'Your session has ended' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('E-mail', { exact: true })).toBeVisible();
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: path.join(SHOTS, `session-ended-${width}.png`) });
  }
  // Below the dialog the form is as it was.
  await expect(page.getByLabel(/^Title/)).toHaveValue(title);

  const created = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/courses',
  );
  await dialog.getByLabel('E-mail', { exact: true }).fill(ADMIN.email);
  await dialog.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await dialog.getByRole('button', { name: 'Log in' }).click();

  // The Save that failed is sent again as it was, and succeeds.
  const answer = await created;
  expect(answer.status()).toBe(201);
  await expect(dialog).toBeHidden();
  // A draft was saved: the dashboard opens on the drafts.
  await expect(page).toHaveURL(/\/dashboard\?view=drafts$/);
  const { id } = (await answer.json()) as { id: string };
  const stored = (await (await page.request.get(`/api/courses/${id}`)).json()) as {
    title: string;
    description: string;
    isPublished: boolean;
  };
  expect(stored).toMatchObject({ title, isPublished: false });
  expect(stored.description).toContain('Written before the session ended.');
});

test('when a course link is opened signed out, then after sign-in the course is shown', async ({ page }) => {
  await signInAsAdmin(page);
  const title = uniqueTitle('Deep link');
  const course = await createCourse(page.request, { title, isPublished: true });
  await page.context().clearCookies();

  await page.goto(`/course/${course.id}`);
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel('E-mail', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();

  await expect(page).toHaveURL(new RegExp(`/course/${course.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

for (const next of ['//evil.example/x', '/\\evil.example', 'https://evil.example/course/1']) {
  test(`when the login page is asked to return to ${next}, then sign-in stays on the portal`, async ({ page }) => {
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await page.getByLabel('E-mail', { exact: true }).fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/dashboard$/);
  });
}

test('when one tab signs out, then another open tab says the session ended, and signing in there resumes both', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/categories');
  const other = await page.context().newPage();
  await other.goto('/dashboard');
  await expect(other.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  const dialog = other.getByRole('alertdialog', { name: 'Your session has ended' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('E-mail', { exact: true }).fill(ADMIN.email);
  await dialog.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toBeHidden();
  await expect(other).toHaveURL(/\/dashboard$/);
  // The first tab, on its login page, hears of the sign-in and moves on.
  await expect(page).toHaveURL(/\/dashboard$/);
});
