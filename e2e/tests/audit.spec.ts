import { readFile } from 'node:fs/promises';
import { XHR, signInAsAdmin } from '../support/courses.ts';
import { expect, registerByApi, test } from '../support/portal.ts';

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
  page.on('dialog', (dialog) => void dialog.accept());
  await page.getByLabel('Search by name or e-mail').fill(name);
  await page.getByRole('button', { name: `Make ${name} an administrator` }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Administrator');

  await page.getByRole('link', { name: 'Administration' }).click();
  await page.getByRole('main').getByRole('link', { name: 'Audit trail' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  const change = page.getByRole('row').filter({ hasText: 'Role changed' }).filter({ hasText: email });
  // The record travels through the auth service's outbox: it is there within moments, not at once.
  await expect(async () => {
    await page.reload();
    await expect(change.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

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
  await employeeContext.close();
});
