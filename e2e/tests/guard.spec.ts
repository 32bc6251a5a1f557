import { ADMIN, expect, registerByApi, test } from '../support/portal.ts';

for (const path of [
  '/dashboard',
  '/course/3f2b0c4e-5d6a-4b7c-8d9e-0f1a2b3c4d5e',
  '/create-course',
  '/edit-course/42',
]) {
  test(`when a signed-out visitor opens ${path}, then the login page follows, to return there`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(path)}`);
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  });
}

test('when an unknown path is opened, then "404 Not Found" is shown with header and footer', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Learning that fits your working day');
});

test('when a signed-in user opens the login page, then the dashboard follows', async ({ page }) => {
  await registerByApi(page, 'Already In');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Already In!' })).toBeVisible();
});

test('when the login page is open, then nothing of the courses or editor slices has loaded', async ({ page }) => {
  const slices: string[] = [];
  page.on('request', (request) => {
    if (/\/mfe\/(courses|editor)\//.test(request.url())) slices.push(request.url());
  });
  await page.goto('/login');
  await expect(page.getByLabel('E-mail', { exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(slices).toEqual([]);
});

test('when the administrator signs in, then the Create course link leads to the editor route', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('link', { name: 'Create course' }).click();
  await expect(page).toHaveURL(/\/create-course$/);
  await expect(page.getByRole('heading', { name: 'Create course' })).toBeVisible();
  await expect(page.getByRole('toolbar', { name: 'Text formatting' })).toBeVisible();
});
