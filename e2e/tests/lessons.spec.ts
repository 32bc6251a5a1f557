import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { createCourse, newAdminPage, uniqueTitle, XHR } from '../support/courses.ts';
import { overflowingTexts } from '../support/layout.ts';
import { expect, registerByApi, test } from '../support/portal.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../artifacts/screenshots');

// axe takes several seconds per screen, and the learner goes through the whole course first.
test.describe.configure({ timeout: 180_000 });

const textLesson = (title: string, body: string) => ({
  kind: 'text',
  defaultLanguage: 'en',
  texts: { en: { title, body: `<p>${body}</p>` }, de: { title: `${title} (de)`, body: `<p>${body} (de)</p>` } },
});

test('when an administrator builds a course of lessons, then a learner follows the outline, reloads and continues where they left off', async ({
  page,
  browser,
  baseURL,
}) => {
  const admin = await newAdminPage(browser, baseURL);
  const course = await createCourse(admin.request, { title: uniqueTitle('Fire safety in lessons'), isPublished: true });

  await test.step('the administrator adds three lessons through the API', async () => {
    for (const [title, body] of [
      ['Where the exits are', 'Green signs show the way out.'],
      ['The assembly point', 'Meet in the car park, by the big oak tree.'],
      ['Extinguishers', 'Pull the pin, aim at the base, squeeze and sweep.'],
    ] as const) {
      const created = await admin.request.post(`/api/courses/${course.id}/lessons`, {
        headers: XHR,
        data: textLesson(title, body),
      });
      expect(created.status()).toBe(201);
    }
  });

  await test.step('a learner opens the course: the description, then the outline with the first lesson open', async () => {
    await registerByApi(page, 'Lena Learner');
    await page.goto(`/course/${course.id}`);
    // The first visit loads the course slice: on a busy machine that takes longer than a step's usual wait.
    await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(`${course.title}: a course made by the end-to-end tests.`)).toBeVisible();
    const outline = page.getByRole('navigation', { name: 'Course outline' });
    await expect(outline.getByRole('button')).toHaveText([
      /Where the exits are/,
      /The assembly point/,
      /Extinguishers/,
    ]);
    await expect(outline.locator('[aria-current="step"]')).toContainText('Where the exits are');
    await expect(page.getByText('Green signs show the way out.')).toBeVisible();
  });

  await test.step('they view two lessons, one after the other', async () => {
    await page.getByRole('button', { name: 'Mark as viewed and go on' }).click();
    await expect(page.getByText('Meet in the car park, by the big oak tree.')).toBeVisible();
    await expect(page.getByText('1 of 3 viewed')).toBeVisible();
    await page.getByRole('button', { name: 'Mark as viewed and go on' }).click();
    await expect(page.getByText('Pull the pin, aim at the base, squeeze and sweep.')).toBeVisible();
    await expect(page.getByText('2 of 3 viewed')).toBeVisible();
  });

  await test.step('after a reload, the page opens at the lesson they had not viewed yet', async () => {
    await page.reload();
    const outline = page.getByRole('navigation', { name: 'Course outline' });
    await expect(outline.locator('[aria-current="step"]')).toContainText('Extinguishers');
    await expect(outline.getByRole('button', { name: 'Where the exits are (viewed)' })).toBeVisible();
    await expect(outline.getByRole('button', { name: 'The assembly point (viewed)' })).toBeVisible();
    await outline.getByRole('button', { name: 'Where the exits are (viewed)' }).click();
    await page.getByRole('button', { name: 'Continue where you left off' }).click();
    await expect(page.getByText('Pull the pin, aim at the base, squeeze and sweep.')).toBeVisible();
  });

  await test.step('axe finds nothing serious; at 390 pixels nothing overflows (screenshot saved)', async () => {
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual(
      [],
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('navigation', { name: 'Course outline' })).toBeVisible();
    expect(await overflowingTexts(page)).toEqual([]);
    mkdirSync(SHOTS, { recursive: true });
    await page.getByRole('navigation', { name: 'Course outline' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'lessons-390-en.png'), fullPage: true });
  });

  await test.step('once every lesson is viewed, nothing is left to continue with', async () => {
    await page.getByRole('button', { name: 'Mark as viewed' }).click();
    await expect(page.getByText('3 of 3 viewed')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue where you left off' })).toHaveCount(0);
  });
  await admin.context().close();
});
