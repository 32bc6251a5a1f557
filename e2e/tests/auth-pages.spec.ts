import { expect, PASSWORD, pathOf, registerByApi, resetLinkFor, test, uniqueEmail } from '../support/portal.ts';
import type { Page } from '@playwright/test';

/** The language button of the header (its accessible name may change; its `lang` does not). */
const headerLanguage = (page: Page, language: string) => page.getByRole('banner').locator(`button[lang="${language}"]`);

test('when a visitor picks DE on /login and signs in, then the account keeps German, also for the next sign-in where nothing is picked', async ({
  page,
  browser,
  baseURL,
}) => {
  const { email } = await registerByApi(page, 'Sprach Wahl', 'en');
  await page.request.post('/api/auth/logout', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  await page.goto('/login');
  await headerLanguage(page, 'de').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anmelden');
  await page.getByLabel('E-Mail-Adresse', { exact: true }).fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByRole('main').getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('heading', { name: 'Willkommen, Sprach Wahl!' })).toBeVisible();

  const elsewhere = await browser.newContext({ baseURL, locale: 'en-GB' });
  const other = await elsewhere.newPage();
  await other.goto('/login');
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Log in');
  await other.getByLabel('E-mail', { exact: true }).fill(email);
  await other.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await other.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(other.getByRole('heading', { name: 'Willkommen, Sprach Wahl!' })).toBeVisible();
  await expect(other.locator('html')).toHaveAttribute('lang', 'de');
  await elsewhere.close();
});

test('when the login form is sent empty, then the button was usable and each field says what is missing', async ({
  page,
}) => {
  await page.goto('/login');
  const button = page.getByRole('main').getByRole('button', { name: 'Log in' });
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page.getByText('Please enter your e-mail address.')).toBeVisible();
  await expect(page.getByText('Please enter your password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('when /login, /register and /request-reset are opened, then the language buttons sit in the same place in the header', async ({
  page,
}) => {
  const places = [];
  for (const path of ['/login', '/register', '/request-reset']) {
    await page.goto(path);
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.getByRole('main').locator('button[lang]')).toHaveCount(0);
    places.push(await headerLanguage(page, 'rm').boundingBox());
  }
  expect(places[0]).not.toBeNull();
  expect(places[1]).toEqual(places[0]);
  expect(places[2]).toEqual(places[0]);
});

test('when a reset link is made up, then the page says so at once with a link to a new e-mail and shows no form', async ({
  page,
}) => {
  await page.goto('/reset-password?token=k3J9xQ2mZpL7vR4tW8yB1nC6dF0gH5sA');
  await expect(page.getByRole('alert')).toContainText(
    'This reset link is invalid, has expired or has already been used.',
  );
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Request a new e-mail' }).click();
  await expect(page).toHaveURL(/\/request-reset$/);
});

test('when a reset link is opened, then its form is shown; once used, the same link says it is no longer valid', async ({
  page,
}) => {
  const email = uniqueEmail('reset-check');
  await page.request.post('/api/auth/register', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { name: 'Reset Checker', email, password: PASSWORD },
  });
  await page.request.post('/api/auth/logout', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  await page.request.post('/api/user/request-password-reset', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { email },
  });
  const link = pathOf(await resetLinkFor(email));

  await page.goto(link);
  // The link names its account: the e-mail is shown, not asked again.
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  await expect(page.getByLabel('E-mail', { exact: true })).not.toBeEditable();
  await page.getByLabel('New password', { exact: true }).fill('Renewed-harbour-lantern-1');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Renewed-harbour-lantern-1');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText(
    'This reset link is invalid, has expired or has already been used.',
  );
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
});
