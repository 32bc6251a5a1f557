import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { XHR, signInAsAdmin } from '../support/courses.ts';
import { expect, registerByApi, test } from '../support/portal.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../test-results/audit');
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

test('when an administrator changes a role, then the audit page shows it with before and after, and exports it as CSV', async ({
  page,
  browser,
}) => {
  const name = `Audited ${Date.now().toString(36)}`;
  const employeeContext = await browser.newContext();
  const employee = await employeeContext.newPage();
  const { email } = await registerByApi(employee, name);

  await test.step('an employee is refused the page and the call', async () => {
    await employee.goto('/admin/audit');
    await expect(employee.getByRole('alert')).toHaveText('Only system administrators can read the audit trail.');
    expect((await employee.request.get('/api/audit', { headers: XHR })).status()).toBe(403);
  });

  await signInAsAdmin(page);
  await page.goto('/admin/users');
  await page.getByLabel('Search by name or e-mail').fill(name);
  await page.getByRole('button', { name: `Make ${name} an administrator` }).click();
  await page
    .getByRole('alertdialog', { name: 'Make administrator' })
    .getByRole('button', { name: 'Make administrator' })
    .click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Administrator');

  await page.getByRole('link', { name: 'Administration' }).click();
  await page.getByRole('main').getByRole('link', { name: 'Audit trail' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  const change = page.getByRole('row').filter({ hasText: 'Role changed' }).filter({ hasText: email });
  // The record travels through the auth service's outbox: it is there within moments, not at once.
  await expect(async () => {
    await page.reload();
    // A reload draws the page anew (its slice, texts and list) before the row can show: seconds on a loaded host.
    await expect(change.first()).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });

  await change.first().getByRole('button', { name: email }).click();
  // Only the header row lacks the address: every entry left is about them (registered, then promoted).
  await expect(page.getByRole('row').filter({ hasText: 'Registered' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasNotText: email })).toHaveCount(1);
  await change.first().getByText(/field/).click();
  await expect(change.first()).toContainText('before: false, after: true');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const csv = await readFile((await (await download).path()) ?? '', 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv).toContain('user.role-changed');
  expect(csv).toContain(email);
  // The action as the page names it, not only its code (issue 44).
  expect(csv).toMatch(/,Role changed,user\.role-changed,/);

  await test.step('the filters and buttons are the portal’s, with their labels above them, at 1280 and 390 px, and axe finds nothing serious', async () => {
    mkdirSync(SHOTS, { recursive: true });
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      const filters = page.getByRole('search', { name: 'Filter the audit trail' });
      const action = filters.getByLabel('Action');
      await expect(action).toBeVisible();
      const label = filters.getByText('Action', { exact: true });
      const [labelBox, selectBox] = [await label.boundingBox(), await action.boundingBox()];
      expect(selectBox!.y, 'the label stands above its select').toBeGreaterThanOrEqual(labelBox!.y + labelBox!.height);
      // web-kit's inputs and buttons: a frame of the design tokens, 2.75rem high, not the browser's grey.
      for (const control of [action, filters.getByLabel('Object'), page.getByRole('link', { name: 'Export CSV' })])
        expect(await control.evaluate((element) => getComputedStyle(element).minHeight)).toBe('44px');
      await page.screenshot({ path: path.join(SHOTS, `audit-${viewport.name}.png`), fullPage: true });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `the page at ${viewport.width}px is wider than the window`).toBeLessThanOrEqual(viewport.width);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(
        violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => violation.id),
      ).toEqual([]);
    }
  });
  await employeeContext.close();
});
