import { createCourse, signInAsAdmin, uniqueTitle } from '../support/courses.ts';
import { expect, registerByApi, test } from '../support/portal.ts';

// Auth and courses do not yet tell the training service of new accounts and courses (user.changed, course.changed):
// until they do, it refuses every assignment of them (422 course_unknown), and this journey cannot run.
test.fixme('when an administrator assigns a course due in 14 days to an employee, then it is first on their dashboard, its page says when it is due, and the report lists them with an export', async ({
  page,
  browser,
}) => {
  const employeeContext = await browser.newContext({ locale: 'en-US' });
  const employeePage = await employeeContext.newPage();
  const { name } = await registerByApi(employeePage, `Trainee ${Date.now().toString(36)}`);
  await signInAsAdmin(page);
  const course = await createCourse(page.request, { title: uniqueTitle('Fire safety'), isPublished: true });

  await page.goto('/admin');
  await page.getByRole('main').getByRole('link', { name: 'Assignments' }).click();
  await expect(page).toHaveURL(/\/admin\/assignments$/);
  await page.getByRole('combobox', { name: 'Course' }).selectOption({ label: course.title });
  await page.getByRole('searchbox', { name: 'People' }).fill(name);
  await page.getByRole('button', { name: new RegExp(`^Add ${name}`) }).click();
  await page.getByRole('radio', { name: /A number of days after/ }).check();
  await page.getByRole('spinbutton', { name: 'Days until due' }).fill('14');
  // The training service learns of a new account from auth's events: until then it refuses the person.
  await expect(async () => {
    await page.getByRole('button', { name: 'Assign' }).click();
    await expect(page.getByRole('cell', { name: '14 days after the assignment' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  const due = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'long' }).format(
    new Date(Date.now() + 14 * 24 * 3600 * 1000),
  );
  await employeePage.goto('/dashboard');
  const assigned = employeePage.getByRole('region', { name: 'Assigned to me' });
  const card = assigned.getByRole('article', { name: course.title });
  await expect(card).toContainText(`Mandatory · due ${due}`);
  await card.getByRole('link', { name: course.title }).click();
  await expect(employeePage.getByRole('note').filter({ hasText: 'Assigned to you' })).toContainText(
    `Mandatory · due ${due}`,
  );

  await page.goto('/admin/reports');
  await page.getByRole('combobox', { name: 'Course' }).selectOption({ label: course.title });
  await page.getByRole('searchbox', { name: 'Search people' }).fill(name);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Not started');
  const csv = await page.request.get((await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')) ?? '');
  expect(csv.ok()).toBe(true);
  const text = await csv.text();
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text).toContain(name);
  await employeeContext.close();
});
