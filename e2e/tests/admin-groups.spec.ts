import { signInAsAdmin, XHR } from '../support/courses.ts';
import { expect, registerByApi, test } from '../support/portal.ts';

test('when an administrator creates a group, adds a person, renames it and removes the person, then the list and the members follow each step', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const person = `Member ${stamp}`;
  const group = `Team ${stamp}`;
  const renamed = `Crew ${stamp}`;
  const leaver = `Leaver ${stamp}`;
  const personContext = await browser.newContext();
  await registerByApi(await personContext.newPage(), person);
  await personContext.close();
  const leaverContext = await browser.newContext();
  await registerByApi(await leaverContext.newPage(), leaver);
  await leaverContext.close();

  await signInAsAdmin(page);
  const found = await page.request.get(`/api/admin/users?q=${encodeURIComponent(leaver)}`, { headers: XHR });
  const [leaverAccount] = (await found.json()) as { id: string }[];
  const deactivated = await page.request.patch(`/api/admin/users/${leaverAccount?.id}`, {
    headers: XHR,
    data: { status: 'deactivated' },
  });
  expect(deactivated.ok()).toBe(true);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Administration' }).click();
  await page.getByRole('main').getByRole('link', { name: 'Groups' }).click();
  await expect(page).toHaveURL(/\/admin\/groups$/);
  page.on('dialog', (dialog) => {
    throw new Error(`The browser's ${dialog.type()} was used: ${dialog.message()}`);
  });

  await page.getByLabel('Name of the new group').fill(group);
  await page.getByRole('button', { name: 'Create group' }).click();
  await expect(page.getByRole('status').filter({ hasText: `The group ${group} has been created.` })).toBeVisible();
  await page.getByLabel('Search groups by name').fill(stamp);
  await expect(page.getByRole('row', { name: new RegExp(group) })).toContainText('0 members');

  await page.getByRole('button', { name: `Members of ${group}` }).click();
  const members = page.getByRole('region', { name: `Members of ${group}` });
  // A deactivated person is not offered: only active people can be added.
  await members.getByLabel('Find a person to add (name or e-mail)').fill(stamp);
  await expect(members.getByRole('button', { name: `Add ${person}` })).toHaveText('Add');
  await expect(members.getByRole('button', { name: `Add ${leaver}` })).toHaveCount(0);
  await members.getByRole('button', { name: `Add ${person}` }).click();
  await expect(members.getByRole('row', { name: new RegExp(person) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(group) })).toContainText('1 member');

  await page.getByRole('button', { name: `Rename ${group}` }).click();
  await page.getByLabel(`New name for ${group}`).fill(renamed);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: `The group is now called ${renamed}.` })).toBeVisible();
  const renamedMembers = page.getByRole('region', { name: `Members of ${renamed}` });
  await expect(renamedMembers.getByRole('row', { name: new RegExp(person) })).toBeVisible();

  await renamedMembers.getByRole('button', { name: `Remove ${person}` }).click();
  await page.getByRole('alertdialog', { name: 'Remove' }).getByRole('button', { name: 'Remove' }).click();
  await expect(renamedMembers.getByRole('row', { name: new RegExp(person) })).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(renamed) })).toContainText('0 members');
});
