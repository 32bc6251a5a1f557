import { expect, test } from '../support/portal.ts';

test('when the auth remote points at a dead URL, then the login route shows the translated fallback inside a working frame', async ({
  page,
}) => {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as { remotes: Record<string, string> };
    await route.fulfill({
      response,
      json: { ...config, remotes: { ...config.remotes, auth: '/mfe/gone/mf-manifest.json' } },
    });
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'This page cannot be loaded right now' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Learning that fits your working day');

  await page.getByRole('link', { name: 'Course Portal' }).click();
  await expect(page.getByRole('heading', { name: 'Learning that moves your work forward' })).toBeVisible();
  await page.getByRole('button', { name: 'DE – Deutsch' }).click();
  // The choice is kept once German is shown: only then does the next page load start in German.
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Diese Seite kann gerade nicht geladen werden' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
});

test('when the remote comes back, then Retry loads the page without reloading the portal', async ({ page }) => {
  let reachable = false;
  await page.route('**/mfe/auth/mf-manifest.json', (route) => (reachable ? route.continue() : route.abort()));
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'This page cannot be loaded right now' })).toBeVisible();

  reachable = true;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toBeVisible();
});
