import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createCourse, signInAsAdmin, uniqueTitle } from '../support/courses.ts';
import { overflowingTexts } from '../support/layout.ts';
import { expect, test } from '../support/portal.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../artifacts/screenshots');

// axe takes several seconds per screen.
test.describe.configure({ timeout: 180_000 });

/** Moodle's GIFT: a single choice and a true/false question (its documented forms). */
const GIFT = `// Fire safety
::Exits:: Which sign shows the way out? {=The green running man ~The red triangle ~The blue circle}

::Lifts:: In a fire, the lift is the quickest way down. {F}
`;
const BROKEN_GIFT = `${GIFT}
::Broken:: What do you do first? {=Raise the alarm ~Open the windows
`;

const gift = (text: string) => ({ name: 'fire-safety.gift', mimeType: 'text/plain', buffer: Buffer.from(text) });

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

test('when an administrator builds a course of a text and a quiz lesson imports its questions from GIFT and writes one by hand, then the order set by keyboard stays after a reload', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const course = await createCourse(page.request, { title: uniqueTitle('Fire safety authored'), isPublished: true });
  const outline = page.getByRole('list', { name: 'Lessons in order' });

  await test.step('the course page leads the administrator to its lessons', async () => {
    await page.goto(`/course/${course.id}`);
    await page.getByRole('link', { name: 'Lessons', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Lessons' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('This course has no lessons yet')).toBeVisible();
  });

  await test.step('a text lesson written in the rich-text editor, then a quiz lesson', async () => {
    await page.getByRole('button', { name: 'Add a lesson' }).click();
    await page.getByLabel('Title in English').fill('Where the exits are');
    await page.getByRole('textbox', { name: 'Text in English' }).fill('Green signs show the way out.');
    await page.getByRole('button', { name: 'Save lesson' }).click();
    await expect(outline.getByText('1. Where the exits are')).toBeVisible();

    await page.getByRole('button', { name: 'Add a lesson' }).click();
    await page.getByLabel('Kind of lesson').selectOption('quiz');
    await page.getByLabel('Title in English').fill('Check yourself');
    await page.getByRole('button', { name: 'Save lesson' }).click();
    await expect(outline.getByText('2. Check yourself')).toBeVisible();
  });

  await test.step('the quiz draws one question at random and passes at 80 %', async () => {
    await page.getByRole('button', { name: 'Quiz settings' }).click();
    await page.getByLabel('A number of questions at random').check();
    await page.getByRole('spinbutton', { name: 'Number of questions' }).fill('1');
    await page.getByLabel('Pass mark (%)').fill('80');
    await page.getByRole('button', { name: 'Save quiz settings' }).click();
    await expect(page.getByText('Quiz settings saved.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  await test.step('a GIFT file with a broken question: the dry run shows it and nothing can be imported', async () => {
    await page.getByRole('link', { name: 'Question bank' }).click();
    await expect(page.getByText('The bank has no questions yet')).toBeVisible({ timeout: 30_000 });
    await page
      .getByLabel('Questions file: GIFT (from Moodle) or CSV (from a spreadsheet)')
      .setInputFiles(gift(BROKEN_GIFT));
    const preview = page.getByRole('region', { name: /fire-safety\.gift: questions read/ });
    await expect(preview.getByRole('alert')).toContainText('Line 6:');
    await expect(preview.getByRole('button', { name: /Import questions/ })).toBeDisabled();
  });

  await test.step('the corrected file: each question previewed, then imported', async () => {
    await page.getByLabel('Questions file: GIFT (from Moodle) or CSV (from a spreadsheet)').setInputFiles(gift(GIFT));
    const preview = page.getByRole('region', { name: 'fire-safety.gift: questions read: 2' });
    await expect(preview.getByText('Which sign shows the way out?')).toBeVisible();
    await expect(preview.getByText('In a fire, the lift is the quickest way down.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await preview.getByRole('button', { name: 'Import questions (2)' }).click();
    await expect(page.getByText('Questions imported: 2.')).toBeVisible();
    const bank = page.getByRole('list').filter({ hasText: 'Single choice, version 1' });
    await expect(bank.getByRole('listitem')).toHaveCount(2);
  });

  await test.step('a question written by hand: a short answer, added to the bank, the focus back on New question', async () => {
    await page.getByRole('button', { name: 'New question' }).click();
    await expect(page.getByRole('heading', { name: 'New question' })).toBeFocused();
    await page.getByLabel('Type of question').selectOption('short_answer');
    await page.getByLabel('Question in English').fill('Which number calls the fire brigade in Switzerland?');
    await page.getByLabel('Accepted answer 1', { exact: true }).fill('118');
    await page.getByRole('textbox', { name: 'Tags' }).fill('fire');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save question' }).click();
    await expect(page.getByText('Question added.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'New question' })).toBeFocused();
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Which number calls the fire brigade in Switzerland?' }),
    ).toContainText('Short answer, version 1');
  });

  await test.step('the quiz moves first by keyboard, and stays first after a reload', async () => {
    await page.getByRole('link', { name: 'Lessons', exact: true }).click();
    const moveUp = page.getByRole('button', { name: 'Move “Check yourself” up' });
    await moveUp.focus();
    const saved = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname.endsWith('/lessons/order') && response.request().method() === 'PUT',
    );
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('“Check yourself” is now lesson 1 of 2.')).toBeAttached();
    await expect(page.getByRole('button', { name: 'Move “Check yourself” down' })).toBeFocused();
    await page.reload();
    await expect(outline.getByRole('listitem')).toHaveText([/1\. Check yourself/, /2\. Where the exits are/]);
  });

  await test.step('at 390 pixels nothing overflows (screenshot saved); axe finds nothing serious', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(outline).toBeVisible();
    expect(await overflowingTexts(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'lesson-authoring-390-en.png'), fullPage: true });
  });
});
