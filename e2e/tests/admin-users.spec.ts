import { signInAsAdmin } from '../support/courses.ts';
import { expect, registerByApi, test } from '../support/portal.ts';

test('when an administrator promotes one user and deactivates another, then the other’s open tab, untouched, is signed out with the explanation within seconds', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const promoted = `Promoted ${stamp}`;
  const leaver = `Leaver ${stamp}`;
  const promotedContext = await browser.newContext();
  await registerByApi(await promotedContext.newPage(), promoted);
  const leaverContext = await browser.newContext();
  const leaverPage = await leaverContext.newPage();
  await registerByApi(leaverPage, leaver);
  await leaverPage.goto('/dashboard');
  await expect(leaverPage.getByRole('heading', { name: `Welcome, ${leaver}!` })).toBeVisible();

  await signInAsAdmin(page);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Administration' }).click();
  await page.getByRole('main').getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  page.on('dialog', (dialog) => void dialog.accept());
  const search = page.getByLabel('Search by name or e-mail');

  await search.fill(promoted);
  await page.getByRole('button', { name: `Make ${promoted} an administrator` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${promoted} has been updated.` })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(promoted) })).toContainText('Administrator');

  await search.fill(leaver);
  await page.getByRole('button', { name: `Deactivate ${leaver}` }).click();
  await expect(page.getByRole('row', { name: new RegExp(leaver) })).toContainText('Deactivated');

  // The leaver's tab stays open, untouched: within one check of the open tab (15 s) it says the session ended.
  const dialog = leaverPage.getByRole('alertdialog', { name: 'Your session has ended' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await promotedContext.close();
  await leaverContext.close();
});
