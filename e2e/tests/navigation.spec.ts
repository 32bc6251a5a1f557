import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createCourse, setLanguage, signInAsAdmin, uniqueTitle } from '../support/courses.ts';
import { expect, test } from '../support/portal.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../artifacts/screenshots');
const PHONE = { width: 390, height: 844 };

test('when the user moves through the portal, then each page has its own title in the current language and the focus lands on its heading', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await setLanguage(page.request, 'en');
  const title = uniqueTitle('Titled course');
  const course = await createCourse(page.request, { title, isPublished: true });
  await page.goto('/dashboard');
  const dashboardHeading = page.getByRole('heading', { level: 1 });
  await expect(dashboardHeading).toBeVisible();
  await expect(page).toHaveTitle(`${await dashboardHeading.innerText()} – Course Portal`);

  await page.getByRole('link', { name: 'Categories' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeFocused();
  await expect(page).toHaveTitle('Categories – Course Portal');

  await page.goto(`/course/${course.id}`);
  await expect(page).toHaveTitle(`${title} – Course Portal`);

  await page.getByRole('link', { name: 'Create course' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create course' })).toBeFocused();
  await expect(page).toHaveTitle('Create course – Course Portal');

  await page.getByRole('button', { name: /User menu$/ }).click();
  await page.getByRole('button', { name: /^RM/ }).click();
  await expect(page).toHaveTitle('Crear in curs – Portal da curs');
  // The menu closes after the choice and the focus stays on its button.
  const menuButton = page.getByRole('button', { name: /Menu d’utilisader$/ });
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(menuButton).toBeFocused();
  await setLanguage(page.request, 'en');
});

test('when toasts appear, then they sit below the header, and an error toast stays until it is dismissed', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await setLanguage(page.request, 'en');
  // A malformed course id: the editor says so in an error toast and goes to the overview.
  await page.goto('/edit-course/not-a-course');
  const toast = page.getByRole('alert').filter({ hasText: 'Invalid course id' });
  await expect(toast).toBeVisible();
  const header = await page.getByRole('banner').boundingBox();
  const box = await toast.boundingBox();
  expect(box?.y ?? 0).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
  // Success and information toasts close after 5 s; this one is still there after 7.
  await page.waitForTimeout(7_000);
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Close notification' }).click();
  await expect(toast).toBeHidden();
});

test('when the portal is used on a 390 × 844 phone, then the links sit behind a Menu button that closes after a choice, and targets are at least 24 px', async ({
  page,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize(PHONE);
  await signInAsAdmin(page);
  await setLanguage(page.request, 'en');
  await page.goto('/dashboard');
  const header = page.getByRole('banner');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const headerBox = await header.boundingBox();
  expect(headerBox?.height ?? 0, 'the header is one row').toBeLessThanOrEqual(80);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toBeHidden();
  await page.screenshot({ path: path.join(SHOTS, 'en-header-phone.png') });

  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  await menu.click();
  await expect(nav).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'en-header-phone-menu-open.png') });
  await nav.getByRole('link', { name: 'Create course' }).click();
  await expect(page).toHaveURL(/\/create-course$/);
  await expect(nav).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  const published = page.getByRole('checkbox', { name: /Published/ });
  const box = await published.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(24);
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(24);
  await page.screenshot({ path: path.join(SHOTS, 'en-editor-phone.png'), fullPage: true });

  await page.getByRole('button', { name: /User menu$/ }).click();
  await page.getByRole('button', { name: /^DE/ }).click();
  await expect(page.getByRole('button', { name: /Benutzermenü$/ })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeHidden();
  await setLanguage(page.request, 'en');
});
