import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { courseIdByTitle, setLanguage, signInAsAdmin, uniqueTitle, XHR } from '../support/courses.ts';
import { overflowingTexts, VIEWPORTS } from '../support/layout.ts';
import { expect, LANGUAGES, registerByApi, test } from '../support/portal.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../artifacts/screenshots');

/** A category of this test's own, so that other tests renaming or deleting theirs do not matter. */
async function ownCategory(page: Page, prefix: string): Promise<string> {
  const name = uniqueTitle(prefix);
  const response = await page.request.post('/api/categories', { headers: XHR, data: { name } });
  expect(response.status()).toBe(201);
  return name;
}

const files = {
  handbook: { name: 'Handbook – Ausgabe 2026.pdf', mimeType: 'application/pdf', buffer: randomBytes(300_000) },
  checklist: { name: 'checklist.txt', mimeType: 'text/plain', buffer: Buffer.from('1. Helmet\n2. Gloves\n') },
  map: { name: 'site map.png', mimeType: 'image/png', buffer: randomBytes(20_000) },
};

test('when an administrator creates a course with formatted text, a link and two files, then edits its files, then an employee downloads the same bytes', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAsAdmin(page);
  const category = await ownCategory(page, 'Safety');
  const title = uniqueTitle('Safety on site');

  await test.step('create: formatted description, link, category, two files, published', async () => {
    await page.goto('/create-course');
    await expect(page.getByRole('heading', { name: 'Create course' })).toBeVisible();
    await expect(page.getByText(/^Fill in the title and description/)).toBeVisible();
    await page.getByLabel(/^Title/).fill(title);

    const editor = page.getByRole('textbox', { name: /Description/ });
    await editor.click();
    await page.getByRole('combobox', { name: 'Text style' }).selectOption({ label: 'Heading 2' });
    await editor.pressSequentially('Before you start');
    await editor.press('Enter');
    await editor.pressSequentially('Always wear ');
    await page.getByRole('button', { name: 'Bold' }).click();
    await expect(page.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
    await editor.pressSequentially('protective gear');
    await page.getByRole('button', { name: 'Bold' }).click();
    await editor.pressSequentially('. Read the ');
    await page.getByRole('button', { name: 'Add or edit link' }).click();
    const address = page.getByRole('textbox', { name: 'Link address' });
    await address.fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Apply link' }).click();
    await expect(page.getByText('This kind of link is not allowed.')).toBeVisible();
    await address.fill('https://example.com/rules');
    await address.press('Enter');
    await editor.press('End');
    await editor.press('Enter');
    await page.getByRole('button', { name: 'Bulleted list' }).click();
    await editor.pressSequentially('Helmet');
    await editor.press('Enter');
    await editor.pressSequentially('Gloves');
    await expect(page.getByText(/^\d+ \/ 2,500 characters$/)).toBeVisible();

    await page.getByRole('checkbox', { name: category }).check();
    await page.getByRole('checkbox', { name: /Published/ }).check();
    await page.getByLabel('Choose files').setInputFiles([files.handbook, files.checklist]);
    const list = page.getByRole('list', { name: 'Files of the course' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list).toContainText('292.97 kB · waiting to be uploaded');

    await page.getByRole('button', { name: 'Publish course' }).click();
    await expect(page.getByText('Course published')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  const courseId = await courseIdByTitle(page.request, title);

  await test.step('edit: remove one file, add another', async () => {
    await page.goto(`/edit-course/${courseId}`);
    await expect(page.getByRole('heading', { name: 'Edit course' })).toBeVisible();
    await expect(page.getByLabel(/^Title/)).toHaveValue(title);
    const list = page.getByRole('list', { name: 'Files of the course' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: `Remove ${files.checklist.name}` }).click();
    await page.getByLabel('Choose files').setInputFiles([files.map]);
    await expect(list).toContainText(files.map.name);
    await expect(list).not.toContainText(files.checklist.name);
    await page.getByRole('button', { name: 'Update and publish' }).click();
    await expect(page.getByText('Course published')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  await test.step('an employee opens the course and downloads the same bytes', async () => {
    const context = await browser.newContext({ baseURL });
    const employee = await context.newPage();
    await registerByApi(employee, 'Erika Employee');
    await employee.goto(`/course/${courseId}`);
    await expect(employee.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const article = employee.getByRole('article');
    await expect(article.getByRole('heading', { level: 2, name: 'Before you start' })).toBeVisible();
    await expect(article.locator('strong', { hasText: 'protective gear' })).toBeVisible();
    await expect(article.getByRole('link', { name: 'https://example.com/rules' })).toHaveAttribute(
      'href',
      'https://example.com/rules',
    );
    await expect(article.locator('li', { hasText: 'Gloves' })).toBeVisible();
    await expect(employee.getByRole('link', { name: files.checklist.name })).toHaveCount(0);
    for (const file of [files.handbook, files.map]) {
      const link = employee.getByRole('link', { name: file.name });
      await expect(link).toBeVisible();
      const response = await employee.request.get((await link.getAttribute('href')) ?? '');
      expect(response.ok()).toBe(true);
      expect(Buffer.compare(await response.body(), file.buffer)).toBe(0);
    }
    await context.close();
  });
});

test('when the administrator leaves the form with unsaved changes, then the portal asks first in its own dialog', async ({
  page,
}) => {
  await signInAsAdmin(page);
  // Reached inside the portal, so that Back is an in-app navigation too (leaving the portal is beforeunload's).
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Create course' }).click();
  await page.getByLabel(/^Title/).fill('Unsaved');
  const browserDialogs: string[] = [];
  page.on('dialog', (dialog) => {
    browserDialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const question = page.getByRole('alertdialog', { name: 'Leave without saving?' });

  await page.getByRole('link', { name: 'Overview', exact: true }).click();
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Stay on this page' })).toBeFocused();
  await question.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(/\/create-course$/);

  // The browser's Back button is held back the same way; Escape stays.
  await page.evaluate(() => window.history.back());
  await expect(question).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(/\/create-course$/);
  await expect(page.getByLabel(/^Title/)).toHaveValue('Unsaved');

  await page.getByRole('link', { name: 'Close and go back to the overview' }).click();
  await question.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Leaving through Back: the entry put back while asking, the step taken once the user agrees.
  await page.getByRole('link', { name: 'Create course' }).click();
  await page.getByLabel(/^Title/).fill('Unsaved again');
  await page.evaluate(() => window.history.back());
  await expect(question).toBeVisible();
  await expect(page).toHaveURL(/\/create-course$/);
  await question.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(question).toBeHidden();
  expect(browserDialogs).toEqual([]);
});

test('when the administrator logs out with unsaved changes, then the portal asks first and staying keeps the session and the work', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/create-course');
  await page.getByLabel(/^Title/).fill('Half-written');
  const logOut = async () => {
    await page.getByRole('button', { name: /User menu$/ }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
  };
  const question = page.getByRole('alertdialog', { name: 'Leave without saving?' });

  await logOut();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page).toHaveURL(/\/create-course$/);
  await expect(page.getByLabel(/^Title/)).toHaveValue('Half-written');
  const status = await page.request.get('/api/auth/check-login-status');
  expect(status.ok()).toBe(true);

  await logOut();
  await question.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('You have been logged out.')).toBeVisible();
  expect((await page.request.get('/api/auth/check-login-status')).status()).toBe(401);
});

test('when the administrator adds a link with its own text, types on, then edits and removes it, then the link ends where it should', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/create-course');
  const editor = page.getByRole('textbox', { name: /Description/ });
  await editor.click();
  await editor.pressSequentially('Read ');
  await page.getByRole('button', { name: 'Add or edit link' }).click();
  const dialog = page.getByRole('group', { name: 'Add link' });
  await expect(dialog.getByRole('textbox', { name: 'Text to show' })).toBeFocused();
  await expect(dialog).toContainText('A web address, e-mail address or phone number');
  await expect(dialog).not.toContainText('xmpp');
  await dialog.getByRole('textbox', { name: 'Text to show' }).fill('the safety rules');
  await dialog.getByRole('textbox', { name: 'Link address' }).fill('example.com/rules');
  await dialog.getByRole('button', { name: 'Apply link' }).click();
  await editor.pressSequentially(' today');
  const link = editor.getByRole('link', { name: 'the safety rules' });
  await expect(link).toHaveAttribute('href', 'https://example.com/rules');
  await expect(editor).toContainText('Read the safety rules today');
  await expect(editor.getByRole('link')).toHaveText('the safety rules');

  await link.click();
  await page.getByRole('button', { name: 'Add or edit link' }).click();
  const edit = page.getByRole('group', { name: 'Edit link' });
  await expect(edit.getByRole('textbox', { name: 'Text to show' })).toHaveValue('the safety rules');
  await edit.getByRole('textbox', { name: 'Link address' }).fill('+41 44 123 45 67');
  await edit.getByRole('textbox', { name: 'Text to show' }).fill('the desk');
  await edit.getByRole('button', { name: 'Apply link' }).click();
  await expect(editor.getByRole('link', { name: 'the desk' })).toHaveAttribute('href', 'tel:+41441234567');

  await editor.getByRole('link', { name: 'the desk' }).click();
  await page.getByRole('button', { name: 'Add or edit link' }).click();
  await page.getByRole('group', { name: 'Edit link' }).getByRole('button', { name: 'Remove link' }).click();
  await expect(editor.getByRole('link')).toHaveCount(0);
  await expect(editor).toContainText('Read the desk today');
});

test('when an employee opens the editor routes, then only a not-allowed message is shown', async ({ page }) => {
  await registerByApi(page, 'Course Reader');
  for (const url of ['/create-course', '/edit-course/42']) {
    await page.goto(url);
    await expect(page.getByText('Only system administrators may create and edit courses.')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  }
});

for (const language of LANGUAGES) {
  test(`when the course form is shown in ${language}, then nothing overflows at 1280 and 360 pixels (screenshots saved)`, async ({
    page,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    await signInAsAdmin(page);
    await setLanguage(page.request, language);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto('/create-course');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('toolbar')).toBeVisible();
      await page.locator('input[type=file]').setInputFiles([files.checklist]);
      await page.screenshot({ path: path.join(SHOTS, `${language}-editor-${viewport.name}.png`), fullPage: true });
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth, `the form at ${viewport.width}px is wider than the window`).toBeLessThanOrEqual(viewport.width);
      expect(await overflowingTexts(page), `the form at ${viewport.width}px`).toEqual([]);
    }
    await setLanguage(page.request, 'en');
  });
}
