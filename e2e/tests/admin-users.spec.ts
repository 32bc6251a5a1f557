import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { signInAsAdmin } from '../support/courses.ts';
import { expect, registerByApi, test } from '../support/portal.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../artifacts/screenshots');

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
  await page.getByRole('main').getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  // A browser's own confirm() would fail the test: the portal asks in its own dialog.
  page.on('dialog', (dialog) => {
    throw new Error(`The browser's ${dialog.type()} was used: ${dialog.message()}`);
  });
  const search = page.getByLabel('Search by name or e-mail');

  await search.fill(promoted);
  const promote = page.getByRole('button', { name: `Make ${promoted} an administrator` });
  await expect(promote).toHaveText('Make administrator');
  await promote.click();
  const confirmPromotion = page.getByRole('alertdialog', { name: 'Make administrator' });
  await expect(confirmPromotion).toContainText(`Make ${promoted} a system administrator?`);
  await confirmPromotion.getByRole('button', { name: 'Make administrator' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${promoted} has been updated.` })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(promoted) })).toContainText('Administrator');

  await search.fill(leaver);
  await page.getByRole('button', { name: `Deactivate ${leaver}` }).click();
  await page.getByRole('alertdialog', { name: 'Deactivate' }).getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByRole('row', { name: new RegExp(leaver) })).toContainText('Deactivated');

  // The leaver's tab stays open, untouched: within one check of the open tab (15 s) it says the session ended.
  const dialog = leaverPage.getByRole('alertdialog', { name: 'Your session has ended' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await promotedContext.close();
  await leaverContext.close();
});

for (const viewport of [
  { name: '1280', width: 1280, height: 900 },
  { name: '390', width: 390, height: 844 },
]) {
  test(`when an administrator opens the users at ${viewport.name} px, then every field of a user is in view, and axe finds nothing serious`, async ({
    page,
  }) => {
    const stamp = Date.now().toString(36);
    const person = `Maximiliane ${stamp} Zurbriggen-Oberholzer`;
    await registerByApi(page, person);
    await page.context().clearCookies();
    await signInAsAdmin(page);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto('/admin/users');
    await page.getByLabel('Search by name or e-mail').fill(person);
    // On a phone the row is a card: found by its text rather than by a table role the layout may change.
    const row = page.locator('tbody tr').filter({ hasText: stamp });
    await expect(row.getByRole('button', { name: `Deactivate ${person}` })).toHaveText('Deactivate');
    // Nothing sticks out of the page sideways: neither the table nor a card.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const cells = row.locator('td');
    const expected = [person, '@example.com', 'User', 'Active', 'Never', 'Deactivate'];
    await expect(cells).toHaveCount(expected.length);
    for (const [index, text] of expected.entries()) {
      await cells.nth(index).scrollIntoViewIfNeeded();
      await expect(cells.nth(index)).toContainText(text);
      await expect(cells.nth(index)).toBeInViewport({ ratio: 0.99 });
    }
    await page.screenshot({ path: path.join(SHOTS, `en-admin-users-${viewport.name}.png`), fullPage: true });
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => violation.id)).toEqual([]);
  });
}
