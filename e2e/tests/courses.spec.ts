import { createCourse, setPublished, signInAsAdmin, uniqueTitle, XHR } from '../support/courses.ts';
import { expect, registerByApi, test } from '../support/portal.ts';

test('when an administrator publishes and unpublishes a course through the API, then employees see it only while it is published', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAsAdmin(page);
  const title = uniqueTitle('Release notes');
  const draft = await createCourse(page.request, { title, isPublished: false });

  const employeeContext = await browser.newContext({ baseURL });
  const employee = await employeeContext.newPage();
  await registerByApi(employee, 'Erika Employee');
  const search = `/dashboard?q=${encodeURIComponent(title)}`;

  await test.step('a draft: the administrator sees it under Drafts, employees nowhere', async () => {
    await page.goto(search);
    await expect(page.getByText('No courses match your search.')).toBeVisible();
    await page.getByRole('button', { name: 'Drafts' }).click();
    await expect(page).toHaveURL(/view=drafts/);
    await expect(page.getByRole('article', { name: title })).toContainText('Draft');

    await employee.goto(search);
    await expect(employee.getByText('No courses match your search.')).toBeVisible();
    await employee.goto(`/course/${draft.id}`);
    await expect(employee.getByRole('heading', { name: 'Course not found.' })).toBeVisible();
  });

  const published = await setPublished(page.request, draft, true);

  await test.step('published: the employee finds it and opens it', async () => {
    await employee.goto(search);
    await employee.getByRole('link', { name: title }).click();
    await expect(employee).toHaveURL(new RegExp(`/course/${draft.id}$`));
    await expect(employee.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(employee.getByText('Draft')).toHaveCount(0);
    await expect(employee.getByText('a course made by the end-to-end tests.')).toBeVisible();
  });

  await setPublished(page.request, published, false);

  await test.step('unpublished again: the employee no longer finds it, and may not publish it', async () => {
    await employee.reload();
    await expect(employee.getByRole('heading', { name: 'Course not found.' })).toBeVisible();
    await employee.goto(search);
    await expect(employee.getByText('No courses match your search.')).toBeVisible();
    const refused = await employee.request.put('/api/courses', {
      headers: XHR,
      data: { ...published, isPublished: true, categoryIds: published.categories.map((category) => category.id) },
    });
    expect(refused.status()).toBe(403);
  });
  await employeeContext.close();
});

test('when an employee searches, filters by category, opens a course, starts and completes it, then each step shows at once and survives a reload', async ({
  page,
}) => {
  await registerByApi(page, 'Browsing Employee');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Browsing Employee!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Führen im Arbeitsalltag' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Advanced incident response (draft)' })).toHaveCount(0);

  await test.step('search, without accents, on the server, in any language of a course', async () => {
    // The French word finds the course, which an English reader sees in English.
    await page.getByRole('searchbox', { name: 'Search courses' }).fill('securite');
    await expect(page).toHaveURL(/\/dashboard\?q=securite$/);
    await expect(page.getByRole('link', { name: 'Information security every day' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Führen im Arbeitsalltag' })).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Search courses' }).fill('');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  await test.step('filter by category, kept across a reload', async () => {
    await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Leadership' });
    await expect(page).toHaveURL(/\/dashboard\?category=[0-9a-f-]{36}$/);
    await expect(page.getByRole('link', { name: 'Führen im Arbeitsalltag' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Welcome to the course portal' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue(/[0-9a-f-]{36}/);
    await expect(page.getByRole('link', { name: 'Welcome to the course portal' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Führen im Arbeitsalltag' })).toBeVisible();
  });

  const start = page.getByRole('button', { name: 'Start course' });
  const stop = page.getByRole('button', { name: 'Mark as completed' });
  await test.step('open the course and start it', async () => {
    await page.getByRole('link', { name: 'Führen im Arbeitsalltag' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Führen im Arbeitsalltag' })).toBeVisible();
    await expect(page.getByText('Leadership', { exact: true })).toBeVisible();
    await expect(page.getByText('Führung beginnt mit Zuhören.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload result' })).toHaveCount(0);
    await start.click();
    await expect(stop).toBeEnabled();
    await expect(page.getByText('You have started this course.')).toBeVisible();
    // Completed by confirmation: no result is asked for.
    await expect(page.getByLabel('Upload result')).toHaveCount(0);
    await page.reload();
    await expect(stop).toBeVisible();
  });

  await test.step('the card on the dashboard is active while the course is started', async () => {
    await page.getByRole('link', { name: 'Close and go back to the overview' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('article', { name: 'Führen im Arbeitsalltag' })).toContainText('Active');
    await page.getByRole('link', { name: 'Führen im Arbeitsalltag' }).click();
  });

  await test.step('mark it as completed after confirming: the completion date is shown', async () => {
    await stop.click();
    const dialog = page.getByRole('alertdialog', { name: 'Mark this course as completed?' });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Mark as completed' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(/^Completed on \w{3} \d{1,2}, \d{4}$/)).toBeVisible();
    await expect(start).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Upload result' })).toHaveCount(0);
    await page.goto('/dashboard');
    await expect(page.getByRole('article', { name: 'Führen im Arbeitsalltag' })).not.toContainText('Active');
  });
});

test('when an employee uses the courses pages, then no administrator control shows anywhere and the server refuses them anyway', async ({
  page,
}) => {
  await registerByApi(page, 'Plain Employee');
  await page.goto('/dashboard?view=drafts');
  await expect(page.getByRole('heading', { level: 2, name: 'Courses' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Advanced incident response (draft)' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Edit “/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete “/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Drafts' })).toHaveCount(0);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Create course' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Categories' })).toHaveCount(0);

  await page.goto('/categories');
  await expect(page.getByText('Only system administrators may manage categories.')).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);

  const [course] = (await (await page.request.get('/api/courses?limit=1')).json()) as { id: string }[];
  expect((await page.request.delete(`/api/courses/${course?.id}`, { headers: XHR })).status()).toBe(403);
  expect((await page.request.post('/api/categories', { headers: XHR, data: { name: 'Mine' } })).status()).toBe(403);
});

test('when the administrator deletes a course on the dashboard, then it asks first and the card goes once the server agrees', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const title = uniqueTitle('Obsolete course');
  await createCourse(page.request, { title, isPublished: true });
  await page.goto(`/dashboard?q=${encodeURIComponent(title)}`);
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: `Delete “${title}”` }).click();

  const dialog = page.getByRole('alertdialog', { name: 'Delete this course?' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: `Delete “${title}”` }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`The course “${title}” has been deleted.`)).toBeVisible();
  await expect(card).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('No courses match your search.')).toBeVisible();
});

test('when the administrator manages categories, then adding, renaming and deleting work and clashes are refused in words', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Categories' }).click();
  await expect(page).toHaveURL(/\/categories$/);
  const name = uniqueTitle('Compliance');
  const field = page.getByRole('group', { name: 'New category' }).getByRole('textbox', { name: 'English (default)' });

  await field.fill(name);
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByText(`The category “${name}” has been added.`)).toBeVisible();
  await expect(field).toHaveValue('');

  await field.fill(name.toUpperCase());
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByText('A category with this name already exists.')).toBeVisible();

  await page.getByRole('button', { name: `Rename “${name}”` }).click();
  const rename = page
    .getByRole('group', { name: `New name for “${name}”` })
    .getByRole('textbox', { name: 'English (default)' });
  await rename.fill(`${name} rules`);
  await rename.press('Enter');
  await expect(page.getByText(`The category is now called “${name} rules”.`)).toBeVisible();

  await test.step('a category in use says by how many courses, and deleting it is explained before anything is sent', async () => {
    const onboarding = page.getByRole('listitem').filter({ hasText: /^Onboarding/ });
    await expect(onboarding).toContainText(/Used by \d+ courses?/);
    const deletions: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'DELETE') deletions.push(request.url());
    });
    await page.getByRole('button', { name: 'Delete “Onboarding”' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'This category cannot be deleted' });
    await expect(dialog).toContainText(/“Onboarding” is used by \d+ courses?\. Remove the category from/);
    await expect(dialog.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    expect(deletions).toEqual([]);
    await expect(page.getByRole('button', { name: 'Delete “Onboarding”' })).toBeVisible();
  });

  await expect(page.getByRole('listitem').filter({ hasText: `${name} rules` })).toContainText('Not used by any course');

  await page.getByRole('button', { name: `Delete “${name} rules”` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`The category “${name} rules” has been deleted.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Delete “${name} rules”` })).toHaveCount(0);
});
