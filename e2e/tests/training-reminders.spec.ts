import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createCourse, signInAsAdmin, uniqueTitle } from '../support/courses.ts';
import { ADMIN, expect, mailsTo, PASSWORD, pathOf, registerByApi, test, uniqueEmail } from '../support/portal.ts';
import { DAY, localDay, moveTrainingClock, runTrainingJob } from '../support/training-clock.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../artifacts/screenshots');

// The specs after this one find the training service on the system's time.
test.afterEach(() => moveTrainingClock(null));

test('when the clock moves past “due soon” and past the due date, then each reminder goes once in the employee’s language, the dashboard and the course page mark the course overdue, and the digest names them once', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const title = uniqueTitle('Brandschutz');
  const name = 'Lena Keller';
  const email = uniqueEmail('lena');
  const signUp = await browser.newContext();
  await registerByApi(await signUp.newPage(), name, 'de', email);
  await signUp.close();
  await signInAsAdmin(page);
  const course = await createCourse(page.request, { title, isPublished: true });
  // Due at the end of the day ten days on, as the form sends a date; "due soon" is seven days ahead by default. A
  // retry moves a month further: the digest goes once a day, and the first attempt may have sent that day's.
  const dueDay = localDay(new Date(Date.now() + (10 + 30 * testInfo.retry) * DAY));
  const dueAt = new Date(`${dueDay}T23:59:59`);
  const dueSoonAt = new Date(dueAt.getTime() - 3 * DAY);
  const overdueAt = new Date(dueAt.getTime() + 2 * DAY);
  const subjects = () => mailsTo(email).map((mail) => mail.subject);
  const assignedSubject = `Neuer Kurs für Sie: ${title}`;
  const dueSoonSubject = `Fällig am ${new Intl.DateTimeFormat('de', { dateStyle: 'long', timeZone: 'UTC' }).format(dueAt)}: ${title}`;
  const overdueSubject = `Überfällig: ${title}`;

  await test.step('the administrator assigns the course to the employee, mandatory, due on a date', async () => {
    await page.goto('/admin/assignments');
    await page.getByRole('combobox', { name: 'Course' }).selectOption({ label: title });
    await page.getByRole('searchbox', { name: 'People' }).fill(email);
    await page.getByRole('button', { name: `Add ${name} <${email}>` }).click();
    await page.getByRole('radio', { name: 'On a date' }).check();
    await page.getByLabel('Due date', { exact: true }).fill(dueDay);
    // The new account reaches the training service through auth's outbox: within moments.
    await expect(async () => {
      await page.getByRole('button', { name: 'Assign' }).click();
      await expect(page.getByText('The course has been assigned.')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect.poll(subjects).toEqual([assignedSubject]);
  });

  await test.step('three days before the due date, the pass sends “due soon” once, in German, with the course’s link', async () => {
    await moveTrainingClock(dueSoonAt);
    await runTrainingJob('training-reminder-pass');
    await expect.poll(subjects).toEqual([assignedSubject, dueSoonSubject]);
    const dueSoon = mailsTo(email)[1];
    expect(dueSoon?.text).toContain(`Guten Tag ${name},`);
    expect(dueSoon?.text).toContain(`der Kurs «${title}» ist am`);
    expect(dueSoon?.text).toContain(`/course/${course.id}`);
  });

  await test.step('two days after it, the pass sends “overdue” once; a second pass at that time sends nothing', async () => {
    await moveTrainingClock(overdueAt);
    await runTrainingJob('training-reminder-pass');
    await expect.poll(subjects).toEqual([assignedSubject, dueSoonSubject, overdueSubject]);
    expect(await runTrainingJob('training-reminder-pass')).toEqual({ sent: 0, failed: 0 });
    expect(subjects()).toEqual([assignedSubject, dueSoonSubject, overdueSubject]);
  });

  await test.step('the administrators’ digest names the overdue employee once', async () => {
    const before = mailsTo(ADMIN.email).length;
    await runTrainingJob('training-overdue-digest');
    await expect.poll(() => mailsTo(ADMIN.email).length).toBe(before + 1);
    const digest = mailsTo(ADMIN.email).at(-1);
    expect(digest?.subject).toMatch(/^Overdue training: \d+ courses?$/);
    expect(digest?.text.split('\n').filter((line) => line.includes(title))).toEqual([
      `• ${title}: 1 person overdue (Lena)`,
    ]);
    expect(digest?.text).toContain('/admin/reports');
  });

  const employeeContext = await browser.newContext({ locale: 'de-CH' });
  const employee = await employeeContext.newPage();
  // The browser's clock on the service's: what the page says of dates is reckoned from it.
  await employee.clock.install({ time: overdueAt });
  const sinceDay = new Intl.DateTimeFormat('de', {
    day: 'numeric',
    month: 'long',
    year: dueAt.getFullYear() === overdueAt.getFullYear() ? undefined : 'numeric',
  }).format(dueAt);
  mkdirSync(SHOTS, { recursive: true });

  await test.step('the “overdue” e-mail’s link opens the course after sign-in, marked overdue', async () => {
    const link = /https?:\/\/\S+\/course\/[\w-]+/.exec(mailsTo(email).at(-1)?.text ?? '')?.[0] ?? '';
    expect(link).toContain(`/course/${course.id}`);
    await employee.goto(pathOf(link));
    await expect(employee).toHaveURL(/\/login\?next=/);
    await employee.getByLabel('E-Mail-Adresse', { exact: true }).fill(email);
    await employee.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await employee.getByRole('main').getByRole('button', { name: 'Anmelden' }).click();
    await expect(employee).toHaveURL(new RegExp(`/course/${course.id}$`));
    const note = employee.getByRole('note').filter({ hasText: 'Ihnen zugewiesen:' });
    await expect(note).toHaveText(`Ihnen zugewiesen: Pflicht · überfällig seit ${sinceDay}`);
    await employee.screenshot({ path: path.join(SHOTS, 'de-course-overdue.png'), fullPage: true });
  });

  await test.step('the dashboard’s “Assigned to me” marks it overdue', async () => {
    await employee.goto('/dashboard');
    const card = employee.getByRole('region', { name: 'Mir zugewiesen' }).getByRole('article', { name: title });
    await expect(card).toContainText('Überfällig');
    await expect(card).toContainText(`Pflicht · überfällig seit ${sinceDay}`);
    await card.screenshot({ path: path.join(SHOTS, 'de-assigned-overdue-card.png') });
    await employee.screenshot({ path: path.join(SHOTS, 'de-dashboard-overdue.png'), fullPage: true });
  });
  await employeeContext.close();
});
