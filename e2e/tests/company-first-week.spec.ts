import type { APIRequestContext, Browser } from '@playwright/test';
import { startTestProvider } from '../../gateway/test/test-provider.ts';
import { createCourse, newAdminPage, pdfResult, setLanguage, uniqueTitle, userIdOf, XHR } from '../support/courses.ts';
import { ADMIN, expect, mailsTo, registerByApi, test, uniqueEmail } from '../support/portal.ts';
import { DAY, localDay, moveTrainingClock, runTrainingJob } from '../support/training-clock.ts';

// The specs after this one find the training service on the system's time.
test.afterEach(() => moveTrainingClock(null));

/** A new employee signed in in a browser context of their own: close `page.context()` when done. */
async function newEmployee(browser: Browser, baseURL: string | undefined, name: string, emailPrefix?: string) {
  const page = await (await browser.newContext({ baseURL })).newPage();
  const { email } = await registerByApi(page, name, 'en', uniqueEmail(emailPrefix));
  return { page, name, email };
}

/** Single sign-on through `provider`, stored by an administrator (switched off again with `enabled: false`). */
function saveSso(request: APIRequestContext, provider: { issuer: string; clientId: string; clientSecret: string }) {
  return (enabled: boolean) =>
    request.put('/api/admin/sso', {
      headers: XHR,
      data: {
        issuerUrl: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        displayName: 'Company',
        adminGroups: [],
        allowedDomains: [],
        passwordSignIn: true,
        enabled,
      },
    });
}

test('when a company runs its first week on the portal, then reports, export and digest agree on who is overdue, and each rule holds where people see it', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const admin = await newAdminPage(browser, baseURL);
  const mandatory = await createCourse(admin.request, { title: uniqueTitle('Fire safety'), isPublished: true });
  const voluntary = await createCourse(admin.request, { title: uniqueTitle('Code of conduct'), isPublished: true });
  const draft = await createCourse(admin.request, { title: uniqueTitle('Data protection'), isPublished: false });
  const withProof = await createCourse(admin.request, {
    title: uniqueTitle('Forklift licence'),
    isPublished: true,
    completionProof: 'upload',
  });
  const anna = await newEmployee(browser, baseURL, `Anna Stays${stamp}`);
  // The leavers' addresses begin alike: the audit trail's object filter finds both by that beginning.
  const leavers = `leaver${stamp}`;
  const ben = await newEmployee(browser, baseURL, `Ben Leaves${stamp}`, leavers);
  const carla = await newEmployee(browser, baseURL, `Carla Ontime${stamp}`);
  // Due ten days on; a retry moves two months further, as the digest goes once a day.
  const dueOn = localDay(new Date(Date.now() + (10 + 60 * testInfo.retry) * DAY));
  const nextWeek = new Date(new Date(`${dueOn}T23:59:59`).getTime() + 2 * DAY);

  await test.step('Monday: the administrator assigns the mandatory course to the three newcomers, due in ten days', async () => {
    const userIds = await Promise.all([anna, ben, carla].map((person) => userIdOf(admin.request, person.email)));
    // The new accounts reach the training service through auth's outbox: within moments.
    await expect(async () => {
      const assigned = await admin.request.post('/api/assignments', {
        headers: XHR,
        data: { courseId: mandatory.id, userIds, dueOn, mandatory: true },
      });
      expect(assigned.status()).toBe(201);
    }).toPass({ timeout: 20_000 });
  });

  await test.step('Monday: a draft cannot be assigned, and the assignments page says why', async () => {
    await admin.goto('/admin/assignments');
    await admin.getByRole('combobox', { name: 'Course' }).selectOption({ label: draft.title });
    await admin.getByRole('searchbox', { name: 'People' }).fill(anna.email);
    await admin.getByRole('button', { name: `Add ${anna.name} <${anna.email}>` }).click();
    await admin.getByRole('button', { name: 'Assign' }).click();
    await expect(admin.getByText('This course is a draft: publish it before assigning it.')).toBeVisible();
    const refused = await admin.request.get(`/api/assignments?courseId=${draft.id}`);
    expect(await refused.json()).toEqual([]);
  });

  await test.step('Tuesday: Carla completes the mandatory course in time, and a course no one assigned her', async () => {
    for (const course of [mandatory, voluntary]) {
      for (const call of ['register-for-course', 'complete-course']) {
        const answer = await carla.page.request.post(`/api/courses/${call}?courseId=${course.id}`, { headers: XHR });
        expect(answer.ok(), `${call} ${course.title}`).toBe(true);
      }
    }
  });

  await test.step('Tuesday: the voluntary completion shows in that course’s report, as not assigned', async () => {
    await admin.goto('/admin/reports');
    await admin.getByRole('combobox', { name: 'Course' }).selectOption({ label: voluntary.title });
    const row = admin.getByRole('row', { name: new RegExp(carla.name) });
    // The completion reaches the training service through the courses service's outbox: within moments.
    await expect(async () => {
      await admin.reload();
      await expect(row).toContainText('Completed', { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(row).toContainText('Not assigned');
    await expect(admin.getByText('Rows: 1')).toBeVisible();
  });

  await test.step('Wednesday: Ben leaves, and the administrator deactivates him', async () => {
    await admin.goto('/admin/users');
    await admin.getByLabel('Search by name or e-mail').fill(ben.name);
    await admin.getByRole('button', { name: `Deactivate ${ben.name}` }).click();
    await admin.getByRole('alertdialog', { name: 'Deactivate' }).getByRole('button', { name: 'Deactivate' }).click();
    await expect(admin.getByRole('row', { name: new RegExp(ben.name) })).toContainText('Deactivated');
  });

  await test.step('Thursday: Carla uploads a proof, the administrator rejects it, and the mail tells her why', async () => {
    await carla.page.goto(`/course/${withProof.id}`);
    await carla.page.getByRole('button', { name: 'Start course' }).click();
    await carla.page.getByLabel('Upload result').setInputFiles(pdfResult('Forklift.pdf'));
    await expect(carla.page.getByText('Your result “Forklift.pdf” was uploaded on')).toBeVisible();
    await admin.goto('/admin/reviews');
    const row = admin.getByRole('listitem').filter({ hasText: withProof.title });
    await row.getByRole('button', { name: 'Reject…' }).click();
    await row.getByLabel('Why is it rejected? The learner reads this.').fill('The licence is not signed.');
    await row.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(admin.getByText('Rejected: the learner is asked to upload again.')).toBeVisible();
    // The review reaches the training service through the courses service's outbox; each pass sends its mails.
    await expect(async () => {
      await runTrainingJob('training-reminder-pass');
      expect(mailsTo(carla.email).map((mail) => mail.subject)).toContain(`Result not accepted: ${withProof.title}`);
    }).toPass({ timeout: 20_000 });
    const rejection = mailsTo(carla.email).find((mail) => mail.subject.startsWith('Result not accepted'));
    expect(rejection?.text).toContain('The reviewer’s reason: The licence is not signed.');
    expect(rejection?.text).toContain(`/course/${withProof.id}`);
  });

  await test.step('the week after the due date: the report, its CSV and the digest each count one overdue, the leaver out', async () => {
    await moveTrainingClock(nextWeek);
    await admin.goto('/admin/reports');
    await admin.getByRole('combobox', { name: 'Course' }).selectOption({ label: mandatory.title });
    await admin.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Overdue' });
    await expect(admin.getByText('Rows: 1')).toBeVisible();
    await expect(admin.getByRole('row', { name: new RegExp(anna.name) })).toContainText('Overdue');
    await expect(admin.getByRole('row', { name: new RegExp(ben.name) })).toHaveCount(0);
    const compliance = admin
      .getByRole('region', { name: 'Compliance' })
      .getByRole('row', { name: /Assigned individually/ });
    await expect(compliance.getByRole('cell')).toHaveText([mandatory.title, '2', '1', '1', '50%']);

    const csv = await admin.request.get(
      (await admin.getByRole('link', { name: 'Export CSV' }).getAttribute('href')) ?? '',
    );
    const [, ...lines] = (await csv.text()).trim().split(/\r?\n/);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(anna.email);
    expect(lines[0]).toContain('overdue');

    const before = mailsTo(ADMIN.email).length;
    await runTrainingJob('training-overdue-digest');
    await expect.poll(() => mailsTo(ADMIN.email).length).toBe(before + 1);
    const digest = mailsTo(ADMIN.email).at(-1)?.text ?? '';
    expect(digest.split('\n').filter((line) => line.includes(mandatory.title))).toEqual([
      `• ${mandatory.title}: 1 person overdue (Anna)`,
    ]);

    // The box is the address's filter: it is checked once the page has moved to the new address.
    const withLeavers = admin.getByLabel('Show people who have left (deactivated or deleted)');
    await withLeavers.click();
    await expect(withLeavers).toBeChecked();
    await expect(admin.getByText('Rows: 2')).toBeVisible();
    await expect(admin.getByRole('row', { name: new RegExp(ben.name) })).toContainText('deactivated');
  });

  await test.step('a person who signs in through the company keeps the language they chose at their second sign-in', async () => {
    const provider = await startTestProvider(baseURL ?? '');
    const sso = saveSso(admin.request, provider);
    try {
      expect((await sso(true)).ok()).toBe(true);
      provider.account('sami', {
        email: `sami-${stamp}@company.test`,
        email_verified: true,
        name: `Sami Company${stamp}`,
        locale: 'de',
      });
      const signIn = async () => {
        const context = await browser.newContext({ baseURL });
        const visitor = await context.newPage();
        // Each gateway asks the auth service for the provider again after 5 s.
        await expect(async () => {
          await visitor.goto('/login');
          await expect(visitor.getByRole('link', { name: 'Sign in with Company' })).toBeVisible({ timeout: 5_000 });
        }).toPass({ timeout: 30_000 });
        await visitor.getByRole('link', { name: 'Sign in with Company' }).click();
        await visitor.getByLabel('Login').fill('sami');
        await visitor.getByRole('button', { name: 'Sign in' }).click();
        await expect(visitor).toHaveURL(/\/dashboard$/);
        return visitor;
      };
      const first = await signIn();
      await expect(first.getByRole('heading', { name: `Willkommen, Sami Company${stamp}!` })).toBeVisible();
      await setLanguage(first.request, 'fr');
      await first.context().close();
      const second = await signIn();
      await expect(second.getByRole('heading', { name: `Bienvenue, Sami Company${stamp} !` })).toBeVisible();
      await second.context().close();
    } finally {
      await sso(false);
      await provider.stop();
    }
  });

  await test.step('the audit trail, filtered by the leavers’ addresses and by action, lists the deactivations by hand and by the directory alike', async () => {
    const token = await admin.request.post('/api/admin/scim-tokens', {
      headers: XHR,
      data: { label: `Week ${stamp}` },
    });
    expect(token.status()).toBe(201);
    const { secret } = (await token.json()) as { secret: string };
    const scim = (method: 'POST' | 'PATCH', path: string, body: unknown) =>
      fetch(`${baseURL}/scim/v2${path}`, {
        method,
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/scim+json' },
        body: JSON.stringify(body),
      });
    const dora = { email: uniqueEmail(leavers), name: `Dora Directory${stamp}` };
    const created = await scim('POST', '/Users', {
      userName: dora.email,
      name: { givenName: 'Dora', familyName: `Directory${stamp}` },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const deactivated = await scim('PATCH', `/Users/${id}`, {
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(deactivated.status).toBe(200);

    await admin.goto('/admin/audit');
    await admin.getByLabel('Object').fill(leavers);
    await admin.getByLabel('Action').selectOption({ label: 'All: Accounts' });
    const statusChanges = admin.getByRole('row').filter({ hasText: 'Deactivated or reactivated' });
    // The records travel through the auth service's outbox: they are there within moments, not at once.
    await expect(async () => {
      await admin.getByLabel('Object').fill('');
      await admin.getByLabel('Object').fill(leavers);
      await expect(statusChanges).toHaveCount(2, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(statusChanges.filter({ hasText: ben.email })).not.toContainText('System');
    await expect(statusChanges.filter({ hasText: dora.email })).toContainText('System');
    await expect(admin.getByRole('row').filter({ hasNotText: leavers })).toHaveCount(1);

    await admin.getByLabel('Action').selectOption({ label: 'Deactivated or reactivated' });
    await expect(admin.getByRole('row')).toHaveCount(3);
    await admin.getByLabel('Object').fill(ben.email);
    await expect(admin.getByRole('row')).toHaveCount(2);
    await expect(statusChanges).toContainText(ben.email);
  });

  await Promise.all([admin, anna.page, ben.page, carla.page].map((each) => each.context().close()));
});
