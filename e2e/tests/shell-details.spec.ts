import path from 'node:path';
import { ADMIN, expect, PASSWORD, registerByApi, test, uniqueEmail } from '../support/portal.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../artifacts/screenshots');

test('when a visitor opens the start page, then it offers Create account beside Log in', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('main');
  await main.getByRole('link', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test('when a user has signed in with the keyboard, then the first Tab stays at the top of the new page, not in the footer', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('contentinfo').locator(':focus')).toHaveCount(0);
  await expect(page.getByRole('main').locator(':focus')).toHaveCount(1);
});

test('when the phone menu was opened with its button, then Escape on the button closes it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.request.post('/api/auth/login', { headers: { 'X-Requested-With': 'XMLHttpRequest' }, data: ADMIN });
  await page.goto('/dashboard');
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await menu.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
});

test('when the header is French at 390 px, then the menu icon keeps its size', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerByApi(page, 'Marie-Françoise de la Tour-Vallée', 'fr');
  await page.goto('/dashboard');
  const icon = page.getByRole('button', { name: 'Menu', exact: true }).locator('svg');
  await expect(icon).toBeVisible();
  expect(await icon.boundingBox()).toMatchObject({ width: 20, height: 20 });
  await page.getByRole('banner').screenshot({ path: path.join(SHOTS, 'header-fr-390.png') });
});

test('when a fresh browser opens the portal for an account whose language is German, then no English text is ever painted', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const email = uniqueEmail('deutsch');
  await registerByApi(page, 'Deutsch Sprachig', 'de', email);
  await context.clearCookies();
  await page.evaluate(() => localStorage.clear()).catch(() => undefined);
  const login = await page.request.post('/api/auth/login', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { email, password: PASSWORD },
  });
  expect(login.ok()).toBe(true);
  // Every text the page ever shows, from the first paint on.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenTexts: string[] }).seenTexts = seen;
    new MutationObserver(() => seen.push(document.body?.innerText ?? '')).observe(document, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts.join('\n'));
  expect(seen).not.toMatch(/\b(Overview|Log in|Loading|Skip to content|Welcome)\b/);
  await context.close();
});

test('when a toast shows, then it uses the portal font', async ({ page }) => {
  await registerByApi(page, 'Toast Reader');
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /User menu/ }).click();
  await page
    .getByRole('menuitem', { name: 'Log out' })
    .or(page.getByRole('button', { name: 'Log out' }))
    .click();
  const toast = page.locator('.Toastify__toast').filter({ hasText: 'You have been logged out.' });
  await expect(toast).toBeVisible();
  const bodyFont = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  expect(await toast.evaluate((element) => getComputedStyle(element).fontFamily)).toBe(bodyFont);
});
