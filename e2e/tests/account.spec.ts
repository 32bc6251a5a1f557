import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { overflowingTexts } from '../support/layout.ts';
import { expect, LANGUAGES, PASSWORD, registerByApi, test } from '../support/portal.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../artifacts/screenshots');
const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;
const NEW_PASSWORD = 'Quiet-harbour-lantern-7';

test('when a signed-out visitor opens /account, then the login page follows, to return there', async ({ page }) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);
});

test('when a user opens Account from the user menu, then name, e-mail and language are shown, and a new language is stored', async ({
  page,
}) => {
  const { email } = await registerByApi(page, 'Konto Tester');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Konto Tester!' })).toBeVisible();
  await page.getByRole('button', { name: 'Konto Tester – User menu' }).click();
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account');
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile.getByLabel('Full name')).toHaveValue('Konto Tester');
  await expect(profile).toContainText(email);

  await profile.getByLabel('Language').selectOption('it');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Il tuo account');
  await expect(page.getByText('Lingua salvata per il tuo account.')).toBeVisible();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/auth/check-login-status')).json()) as { language: string }).language,
    )
    .toBe('it');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Il tuo account');
});

test('when a user changes the password on the account page, then the rule shows as typed and the new password signs in', async ({
  page,
  browser,
  baseURL,
}) => {
  const { email } = await registerByApi(page, 'Pass Changer');
  await page.goto('/account');
  const form = page.getByRole('region', { name: 'Change password' });
  await form.getByLabel('New password', { exact: true }).fill('short');
  await expect(form.getByText('The password must have at least 8 characters.')).toBeVisible();
  await expect(form.getByRole('meter', { name: 'Password strength' })).toBeVisible();
  await form.getByLabel('Current password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await expect(form.getByLabel('Current password', { exact: true })).toHaveValue('');

  const elsewhere = await browser.newContext({ baseURL });
  const refused = await elsewhere.request.post('/api/auth/login', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { email, password: PASSWORD },
  });
  expect(refused.status()).toBe(401);
  const accepted = await elsewhere.request.post('/api/auth/login', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { email, password: NEW_PASSWORD },
  });
  expect(accepted.status()).toBe(200);
  await elsewhere.close();
});

test('when a user deletes the account with the password and the typed e-mail, then they are signed out on the login page and cannot sign in again', async ({
  page,
}) => {
  const { email } = await registerByApi(page, 'Leaving Soon');
  await page.goto('/account');
  const form = page.getByRole('region', { name: 'Delete account' });
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel(/To confirm, type your e-mail address/).fill('not my address');
  await form.getByRole('button', { name: 'Delete my account' }).click();
  await expect(form.getByText('Type your e-mail address exactly as shown.')).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);

  await form.getByLabel(/To confirm, type your e-mail address/).fill(email);
  await form.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login(\?next=%2Faccount)?$/);
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');

  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('E-mail or password is wrong.');
  await expect(page).toHaveURL(/\/login(\?next=%2Faccount)?$/);
});

for (const language of LANGUAGES) {
  test(`when the account page is shown in ${language}, then nothing overflows at 1366 and 390 pixels (screenshots saved)`, async ({
    page,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
    await registerByApi(page, 'Maria Muster-Casanova', language);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto('/account');
      await expect(page.locator('main h1')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      // The rule as typed and the strength meter are part of what the page shows.
      await page.getByRole('region').nth(1).locator('input[autocomplete="new-password"]').fill('short');
      await expect(page.getByRole('meter')).toBeVisible();
      await page.screenshot({ path: path.join(SHOTS, `${language}-account-${viewport.name}.png`), fullPage: true });
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth, `account at ${viewport.width}px is wider than the window`).toBeLessThanOrEqual(viewport.width);
      expect(await overflowingTexts(page), `account at ${viewport.width}px`).toEqual([]);
    }
  });
}
