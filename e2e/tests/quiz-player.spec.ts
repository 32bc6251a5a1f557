import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { categoryId, newAdminPage, uniqueTitle, XHR } from '../support/courses.ts';
import { overflowingTexts } from '../support/layout.ts';
import { expect, registerByApi, test } from '../support/portal.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../artifacts/screenshots');

// The learner takes the quiz three times and axe looks at it: more than a step's usual time.
test.describe.configure({ timeout: 180_000 });

/** A published course completed by its quiz: a text lesson, then a quiz lesson of two questions (all drawn). */
async function quizCourse(request: APIRequestContext) {
  const created = await request.post('/api/courses', {
    headers: XHR,
    data: {
      title: uniqueTitle('Fire drill quiz'),
      description: '<p>What to do when the alarm rings.</p>',
      isPublished: true,
      categoryIds: [await categoryId(request, 'Onboarding')],
      completionRequires: ['quizzes_passed'],
    },
  });
  expect(created.status()).toBe(201);
  const course = (await created.json()) as { id: string; title: string };
  const lesson = async (kind: 'text' | 'quiz', title: string, body = '') => {
    const answer = await request.post(`/api/courses/${course.id}/lessons`, {
      headers: XHR,
      data: { kind, defaultLanguage: 'en', texts: { en: { title, body } } },
    });
    expect(answer.status()).toBe(201);
    return ((await answer.json()) as { id: string }).id;
  };
  await lesson('text', 'The alarm', '<p>Leave by the nearest exit.</p>');
  const quizId = await lesson('quiz', 'Check yourself');
  // The quizzes service learns of the lesson from lesson.changed, a relay's interval later.
  await expect.poll(async () => (await request.get(`/api/lessons/${quizId}/quiz`)).status()).toBe(200);
  for (const question of [
    {
      type: 'single',
      texts: { en: 'Which way out?' },
      options: [
        { texts: { en: 'The nearest exit' }, weight: 100 },
        { texts: { en: 'The lift' }, weight: 0 },
      ],
    },
    { type: 'true_false', texts: { en: 'You may use the lift in a fire.' }, answer: false },
  ]) {
    expect((await request.post(`/api/courses/${course.id}/questions`, { headers: XHR, data: question })).status()).toBe(
      201,
    );
  }
  const settings = await request.put(`/api/lessons/${quizId}/quiz`, {
    headers: XHR,
    data: {
      draw: { mode: 'all' },
      passPercent: 100,
      attemptsAllowed: 3,
      waitMinutes: 0,
      timeLimitMinutes: null,
      shuffle: false,
      feedback: 'answers',
    },
  });
  expect(settings.status()).toBe(200);
  return course;
}

async function openQuiz(page: Page, courseId: string) {
  await page.goto(`/course/${courseId}`);
  const outline = page.getByRole('navigation', { name: 'Course outline' });
  // The first visit loads the course slice: on a busy machine that takes longer than a step's usual wait.
  await outline.getByRole('button', { name: /Check yourself/ }).click({ timeout: 30_000 });
}

async function submit(page: Page) {
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Submit answers' }).click();
}

test('when a learner fails the quiz, tries again and passes, then the course completes; a stale tab is told', async ({
  page,
  browser,
  baseURL,
}) => {
  const admin = await newAdminPage(browser, baseURL);
  const course = await quizCourse(admin.request);
  await registerByApi(page, 'Quentin Quiz');

  await test.step('the quiz tells its settings and starts an attempt', async () => {
    await openQuiz(page, course.id);
    await expect(page.getByText('Pass mark')).toBeVisible();
    await expect(page.getByText('3 of 3')).toBeVisible();
    await page.getByRole('button', { name: 'Start attempt' }).click();
    await expect(page.getByRole('group', { name: /Question 1 of 2/ })).toBeVisible();
  });

  const stale = await page.context().newPage();
  await test.step('a second tab resumes the same attempt; the first submits wrong answers and fails', async () => {
    await openQuiz(stale, course.id);
    await expect(stale.getByRole('group', { name: /Question 2 of 2/ })).toBeVisible();
    await page.getByRole('radio', { name: 'The lift' }).check();
    await page.getByRole('radio', { name: 'True' }).check();
    await expect(page.getByText('All answers saved.')).toBeVisible();
    await submit(page);
    await expect(page.getByRole('heading', { name: 'Not passed' })).toBeFocused();
    await expect(page.getByText('Your score: 0% (pass mark 100%).')).toBeVisible();
  });

  await test.step('the second tab’s submission is refused with the translated message, and shows the result', async () => {
    await submit(stale);
    await expect(
      stale.getByText('This attempt was already submitted (in another tab or window). Here is its result.'),
    ).toBeVisible();
    await expect(stale.getByRole('heading', { name: 'Not passed' })).toBeVisible();
    await stale.close();
  });

  await test.step('axe finds nothing serious on the quiz; at 390 pixels nothing overflows (screenshot saved)', async () => {
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('button', { name: 'Start a new attempt' }).click();
    await expect(page.getByRole('group', { name: /Question 1 of 2/ })).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual(
      [],
    );
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflowingTexts(page)).toEqual([]);
    mkdirSync(SHOTS, { recursive: true });
    await page.getByRole('group', { name: /Question 1 of 2/ }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'quiz-player-390-en.png'), fullPage: true });
  });

  await test.step('the learner passes, and the course shows completed', async () => {
    await page.getByRole('radio', { name: 'The nearest exit' }).check();
    await page.getByRole('radio', { name: 'False' }).check();
    await submit(page);
    await expect(page.getByRole('heading', { name: 'Passed' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Mark as completed' })).toHaveCount(0);
    // The completion follows quiz.passed, a relay's interval later.
    await expect(async () => {
      await page.reload();
      await expect(page.getByText(/Completed on/).first()).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 30_000 });
  });

  await test.step('the report shows the completion with its score, the attempts used and the passed date', async () => {
    await admin.goto('/admin/reports');
    await admin.getByRole('combobox', { name: 'Course' }).selectOption({ label: course.title });
    const row = admin.getByRole('row', { name: /Quentin Quiz/ });
    // The completion reaches the report through the courses service's outbox: within moments (the page has to
    // load the administration slice first, slow on a busy machine).
    await expect(async () => {
      await admin.reload();
      await expect(row).toContainText('Completed', { timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    await expect(row.getByRole('cell')).toHaveText([
      course.title,
      'Not assigned',
      'Completed',
      '–',
      '–',
      /\d{4}/,
      '100',
      '2',
      /\d{4}/,
    ]);
  });
  await admin.context().close();
});
