import { signInAsAdmin } from '../support/courses.ts';
import { expect, PASSWORD, pathOf, resetLinkFor, test, uniqueEmail } from '../support/portal.ts';

/** A CSV file as a spreadsheet in Switzerland writes it: a byte order mark and `;` between fields. */
const csv = (rows: string[]) => ({
  name: 'people.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(`\uFEFF${['email;name;language;role;groups', ...rows].join('\r\n')}`, 'utf8'),
});

test('when an administrator imports a CSV, then the dry run shows the bad row, the fixed file imports, and an invitee sets a password and is signed in', async ({
  page,
  browser,
  baseURL,
}) => {
  const invitee = uniqueEmail('invitee');
  const colleague = uniqueEmail('colleague');
  await signInAsAdmin(page);
  await page.goto('/admin/users/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Import users' })).toBeVisible();

  const file = page.getByLabel('CSV file');
  await file.setInputFiles(
    csv([`${invitee};Ines Caduff;en;user;Sales`, 'colleague-at-example.ch;Gian Colleague;de;user;']),
  );
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByRole('row', { name: /colleague-at-example\.ch/ })).toContainText('Invalid e-mail address.');
  await expect(page.getByRole('status')).toHaveText('1 row has errors. Correct the file and check it again.');
  await expect(page.getByRole('button', { name: 'Import these users' })).toHaveCount(0);
  await file.setInputFiles(csv([`${invitee};Ines Caduff;en;user;Sales`, `${colleague};Gian Colleague;de;user;`]));
  await page.getByRole('button', { name: 'Check file' }).click();
  // The dry run before wrote nothing: both rows are still new.
  await expect(page.getByRole('status')).toHaveText('Ready: 2 new, 0 to update.');
  await page.getByRole('button', { name: 'Import these users' }).click();
  await expect(page.getByRole('status')).toHaveText('Imported: 2 new, 0 updated, 2 invitations sent.');
  await expect(page.getByRole('row', { name: /Ines Caduff/ })).toContainText('Created');
  await expect(page.getByText('Will be created')).toHaveCount(0);

  const context = await browser.newContext({ baseURL, locale: 'en-GB' });
  const visitor = await context.newPage();
  await visitor.goto(pathOf(await resetLinkFor(invitee)));
  await expect(visitor.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible();
  await expect(visitor.getByLabel('E-mail', { exact: true })).toHaveValue(invitee);
  await visitor.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await visitor.getByLabel('Confirm new password', { exact: true }).fill(PASSWORD);
  await visitor.getByRole('button', { name: 'Save new password' }).click();
  await expect(visitor).toHaveURL(/\/login$/);
  await visitor.getByLabel('E-mail', { exact: true }).fill(invitee);
  await visitor.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await visitor.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(visitor.getByRole('heading', { name: 'Welcome, Ines Caduff!' })).toBeVisible();
  await context.close();
});
