import type { Page } from '@playwright/test';
import { categoryId, createCourse, newAdminPage, signInAsAdmin, uniqueTitle, XHR } from '../support/courses.ts';
import { expect, registerByApi, test } from '../support/portal.ts';

/** Opens a course by its title through the dashboard's search, as an employee would. */
async function openCourse(page: Page, title: string) {
  await page.goto(`/dashboard?q=${encodeURIComponent(title)}`);
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test('when an employee starts two courses and completes one, then My courses shows each under In progress or Completed with its date', async ({
  page,
  browser,
  baseURL,
}) => {
  const admin = await newAdminPage(browser, baseURL);
  const first = uniqueTitle('Fire safety');
  const second = uniqueTitle('Data protection');
  await createCourse(admin.request, { title: first, isPublished: true });
  await createCourse(admin.request, { title: second, isPublished: true });
  await admin.context().close();
  await registerByApi(page, 'Mia Mycourses');

  for (const title of [first, second]) {
    await openCourse(page, title);
    await page.getByRole('button', { name: 'Start course' }).click();
    await expect(page.getByText('You have started this course.')).toBeVisible();
  }
  await page.getByRole('button', { name: 'Mark as completed' }).click();
  await page
    .getByRole('alertdialog', { name: 'Mark this course as completed?' })
    .getByRole('button', { name: 'Mark as completed' })
    .click();
  await expect(page.getByText(/^Completed on \w{3} \d{1,2}, \d{4}$/)).toBeVisible();

  await page.goto('/dashboard');
  const views = page.getByRole('group', { name: 'Show' });
  await views.getByRole('button', { name: 'In progress' }).click();
  await expect(page).toHaveURL(/\/dashboard\?view=in-progress$/);
  await expect(page.getByRole('heading', { level: 2, name: 'In progress' })).toBeVisible();
  const started = page.getByRole('article', { name: first });
  await expect(started).toContainText(/Started on \w{3} \d{1,2}, \d{4}/);
  await expect(started).toContainText('Active');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByText('Courses found: 1')).toBeVisible();

  await views.getByRole('button', { name: 'Completed' }).click();
  await expect(page).toHaveURL(/\/dashboard\?view=completed$/);
  const completed = page.getByRole('article', { name: second });
  await expect(completed).toContainText(/Completed on \w{3} \d{1,2}, \d{4}/);
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('article', { name: second })).toBeVisible();
  await expect(views.getByRole('button', { name: 'Completed' })).toHaveAttribute('aria-pressed', 'true');

  const answer = await page.request.get('/api/courses/mine?status=in-progress&limit=1');
  expect(answer.headers()['x-total-count']).toBe('1');
});

test('when an administrator opens a draft, then it is a preview without Start, Edit leads to the editor, and the server refuses a start', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const title = uniqueTitle('Unreleased');
  const draft = await createCourse(page.request, { title, isPublished: false });
  await page.goto(`/course/${draft.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('note')).toHaveText('Draft – preview as employees will see it once it is published.');
  await expect(page.getByRole('button', { name: 'Start course' })).toHaveCount(0);
  await expect(page.getByText(/This is a draft, so it cannot be started/)).toBeVisible();

  const refused = await page.request.post(`/api/courses/register-for-course?courseId=${draft.id}`, { headers: XHR });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('course_draft');

  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/edit-course/${draft.id}$`));
});

test('when an employee opens a published course, then there is neither an Edit button nor a preview banner', async ({
  page,
}) => {
  await registerByApi(page, 'Edgar Employee');
  await openCourse(page, 'Welcome to the course portal');
  await expect(page.getByRole('button', { name: 'Start course' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(page.getByRole('note')).toHaveCount(0);
});

test('when the network is gone before the first click on a page, then the toast that says so still shows', async ({
  page,
}) => {
  await registerByApi(page, 'Nina Nonetwork');
  const title = 'Communicating effectively';
  const found = await page.request.get(`/api/courses?q=${encodeURIComponent(title)}`, { headers: XHR });
  const [course] = (await found.json()) as { id: string }[];
  // Opened by its address, not through a link: nothing was clicked or typed before the network went.
  await page.goto(`/course/${course!.id}`);
  const start = page.getByRole('button', { name: 'Start course' });
  await expect(start).toBeVisible();

  await page.context().setOffline(true);
  await start.click();
  const toast = page
    .getByRole('alert')
    .filter({ hasText: 'The portal cannot be reached. Please check your connection and try again.' });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Close notification' }).click();
  await expect(toast).toBeHidden();
  await page.context().setOffline(false);
});

test('when the browser is offline or the course service is down, then Start says which, not "Something went wrong!"', async ({
  page,
}) => {
  await registerByApi(page, 'Otto Offline');
  await openCourse(page, 'Communicating effectively');
  const start = page.getByRole('button', { name: 'Start course' });

  await page.context().setOffline(true);
  await start.click();
  await expect(
    page.getByText('The portal cannot be reached. Please check your connection and try again.'),
  ).toBeVisible();
  await expect(start).toBeEnabled();
  await page.context().setOffline(false);

  await page.route('**/api/courses/register-for-course?*', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'service_unavailable', message: 'down' } }),
    }),
  );
  await start.click();
  await expect(
    page.getByText('The course service is not available right now. Please try again in a moment.'),
  ).toBeVisible();
  await expect(page.getByText('Something went wrong!')).toHaveCount(0);
  await expect(start).toBeEnabled();
});

test('when cards show courses with short and long texts and many categories, then every card has the same description height, tags wrap in rows and blocks are separated', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const prefix = uniqueTitle('Card layout');
  const categoryIds = await Promise.all(
    ['Onboarding', 'Information security', 'Leadership', 'Communication'].map((name) => categoryId(page.request, name)),
  );
  const texts = [
    '<h2>Short</h2><p>One line.</p>',
    `<h2>Long</h2><p>${'A long description that goes on and on. '.repeat(12)}</p><ul><li>One</li><li>Two</li></ul>`,
    '<ul><li>Heading-less list</li><li>Second item</li></ul>',
  ];
  for (const [index, description] of texts.entries()) {
    const response = await page.request.post('/api/courses', {
      headers: XHR,
      data: { title: `${prefix} ${index}`, description, isPublished: true, categoryIds },
    });
    expect(response.status()).toBe(201);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/dashboard?q=${encodeURIComponent(prefix)}`);
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(3);
  await expect(page.getByRole('article', { name: `${prefix} 0` })).toContainText('Short · One line.');
  await expect(page.getByRole('article', { name: `${prefix} 2` })).toContainText('Heading-less list · Second item');

  const layout = await cards.evaluateAll((articles) =>
    articles.map((article) => {
      const description = article.querySelector('h3 + p') as HTMLElement;
      const tags = [...article.querySelectorAll('ul li')] as HTMLElement[];
      const rows = new Set(tags.map((tag) => Math.round(tag.getBoundingClientRect().top)));
      return { descriptionHeight: description.getBoundingClientRect().height, tagRows: rows.size };
    }),
  );
  const heights = layout.map((card) => card.descriptionHeight);
  expect(Math.max(...heights) - Math.min(...heights)).toBeLessThan(1);
  for (const card of layout) expect(card.tagRows).toBeLessThanOrEqual(2);
});
