import { createCourse, pdfResult, signInAsAdmin, uniqueTitle } from '../support/courses.ts';
import { expect, mailLinkFor, PASSWORD, pathOf, resetLinkFor, test, uniqueEmail } from '../support/portal.ts';

const certificate = pdfResult('Fire warden certificate.pdf');

test('when an administrator imports people into a group and assigns it a mandatory course due in 14 days, then the employee is told, finds it first, proves completion, and the report shows it', async ({
  page,
  browser,
}) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const groupName = `Fire wardens ${stamp}`;
  const name = `Nina Warden ${stamp}`;
  const email = uniqueEmail('warden');
  await signInAsAdmin(page);
  const course = await createCourse(page.request, {
    title: uniqueTitle('Fire safety'),
    isPublished: true,
    completionProof: 'upload',
  });
  const due = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'long' }).format(
    new Date(Date.now() + 14 * 24 * 3600 * 1000),
  );

  await test.step('the administrator creates a group and imports a new employee into it', async () => {
    await page.goto('/admin');
    await page.getByRole('main').getByRole('link', { name: 'Groups' }).click();
    await page.getByLabel('Name of the new group').fill(groupName);
    await page.getByRole('button', { name: 'Create group' }).click();
    await expect(page.getByText(`The group ${groupName} has been created.`)).toBeVisible();

    await page.goto('/admin/users/import');
    await page.getByLabel('CSV file').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`email;name;language;role;groups\n${email};${name};en;user;${groupName}\n`),
    });
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect(page.getByRole('status')).toHaveText('Ready: 1 new, 0 to update.');
    await page.getByRole('button', { name: 'Import these users' }).click();
    await expect(page.getByRole('status')).toHaveText('Imported: 1 new, 0 updated, 1 invitation sent.');
  });

  const employeeContext = await browser.newContext({ locale: 'en-US' });
  const employee = await employeeContext.newPage();
  await test.step('the employee chooses a password through the invitation', async () => {
    await employee.goto(pathOf(await resetLinkFor(email)));
    await employee.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await employee.getByLabel('Confirm new password', { exact: true }).fill(PASSWORD);
    await employee.getByRole('button', { name: 'Save new password' }).click();
    await expect(employee).toHaveURL(/\/login$/);
  });

  await test.step('the administrator assigns the course to the group, mandatory, due in 14 days', async () => {
    await page.goto('/admin/assignments');
    await page.getByRole('combobox', { name: 'Course' }).selectOption({ label: course.title });
    await page.getByRole('searchbox', { name: 'Groups' }).fill(groupName);
    await page.getByRole('button', { name: new RegExp(`^Add ${groupName}`) }).click();
    await page.getByRole('radio', { name: /A number of days after/ }).check();
    await page.getByRole('spinbutton', { name: 'Days until due' }).fill('14');
    await page.getByRole('button', { name: 'Assign' }).click();
    await expect(page.getByText('The course has been assigned.')).toBeVisible();
    // A new form starts with empty searches, and the list names the group instead of counting it.
    await expect(page.getByRole('searchbox', { name: 'Groups' })).toHaveValue('');
    await expect(page.getByRole('cell', { name: groupName, exact: true })).toBeVisible();
  });

  await test.step('the e-mail’s link opens the course after sign-in; it says when it is due', async () => {
    const link = await mailLinkFor(email, /https?:\/\/\S+\/course\/[\w-]+/);
    expect(link).toContain(`/course/${course.id}`);
    await employee.goto(pathOf(link));
    await expect(employee).toHaveURL(/\/login\?next=/);
    await employee.getByLabel('E-mail', { exact: true }).fill(email);
    await employee.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await employee.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    await expect(employee).toHaveURL(new RegExp(`/course/${course.id}$`));
    await expect(employee.getByRole('note').filter({ hasText: 'Assigned to you' })).toContainText(
      `Mandatory · due ${due}`,
    );
  });

  await test.step('the dashboard opens on the assigned course', async () => {
    await employee.goto('/dashboard');
    const assigned = employee.getByRole('region', { name: 'Assigned to me' });
    await expect(assigned.getByRole('article').first()).toContainText(course.title);
    await expect(assigned.getByRole('article', { name: course.title })).toContainText(`Mandatory · due ${due}`);
  });

  await test.step('the employee starts the course and uploads a result; the administrator approves it', async () => {
    await employee.goto(`/course/${course.id}`);
    await employee.getByRole('button', { name: 'Start course' }).click();
    await employee.getByLabel('Upload result').setInputFiles(certificate);
    await expect(employee.getByText(`Your result “${certificate.name}” was uploaded on`)).toBeVisible();
    await page.goto('/admin/reviews');
    const row = page.getByRole('listitem').filter({ hasText: course.title });
    await expect(row).toContainText(name);
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Approved: the course is recorded as completed.')).toBeVisible();
  });

  await test.step('the report shows the completion, and its CSV opens with a BOM', async () => {
    await page.goto('/admin/reports');
    await page.getByRole('combobox', { name: 'Course' }).selectOption({ label: course.title });
    const row = page.getByRole('row', { name: new RegExp(name) });
    // The completion reaches the report through the courses service's outbox: within moments.
    await expect(async () => {
      await page.reload();
      await expect(row).toContainText('Completed', { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    const csv = await page.request.get(
      (await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')) ?? '',
    );
    const text = await csv.text();
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain(name);
    expect(text).toContain('completed');
  });
  await employeeContext.close();
});
