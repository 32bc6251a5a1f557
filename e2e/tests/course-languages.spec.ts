import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { setLanguage, signInAsAdmin } from '../support/courses.ts';
import { overflowingTexts, VIEWPORTS } from '../support/layout.ts';
import { expect, type Language, LANGUAGES, registerByApi, test } from '../support/portal.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../artifacts/screenshots');

/** One word both titles share, found by the search in either language. */
const token = `q${Date.now().toString(36)}`;
const GERMAN = {
  title: `Sicherheit auf der Baustelle ${token}`,
  text: 'Tragen Sie auf der Baustelle immer einen Helm.',
};
const ROMANSH = { title: `Segirezza sin il plazzal ${token}`, text: 'Purtai adina in helm sin il plazzal.' };

/** A new employee whose stored interface language is `language`, signed in on `page`. */
async function signInAsEmployee(page: Page, language: Language) {
  await page.context().clearCookies();
  await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
  await registerByApi(page, 'Maria Muster-Casanova', language);
}

/** The course's card on the dashboard, found by the shared word of its titles. */
async function openCard(page: Page, title: string) {
  await page.goto(`/dashboard?q=${token}`);
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  return card;
}

async function checkLayout(page: Page, language: Language, name: string, viewport: (typeof VIEWPORTS)[number]) {
  await page.screenshot({ path: path.join(SHOTS, `${language}-${name}-${viewport.name}.png`), fullPage: true });
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth, `${name} at ${viewport.width}px is wider than the window`).toBeLessThanOrEqual(viewport.width);
  expect(await overflowingTexts(page), `${name} at ${viewport.width}px`).toEqual([]);
}

test.describe.serial('course content in five languages', () => {
  test('when an author writes a course in German and Romansh, then the editor sends both languages with German as the default', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await setLanguage(page.request, 'en');
    await page.goto('/create-course');
    await expect(page.getByRole('heading', { name: 'Create course' })).toBeVisible();
    await page.getByLabel(/^Default language/).selectOption('de');
    await page.getByRole('tab', { name: /^DE / }).click();
    await page.getByLabel(/^Title/).fill(GERMAN.title);
    const editor = page.getByRole('textbox', { name: /Description/ });
    await editor.click();
    await editor.pressSequentially(GERMAN.text);
    await expect(page.getByRole('tab', { name: /^DE / })).toHaveAccessibleName('DE German, complete default');

    await page.getByRole('tab', { name: /^RM / }).click();
    await page.getByRole('button', { name: 'Start from the German text' }).click();
    await expect(page.getByLabel(/^Title/)).toHaveValue(GERMAN.title);
    await page.getByLabel(/^Title/).fill(ROMANSH.title);
    await editor.click();
    await editor.press('ControlOrMeta+a');
    await editor.pressSequentially(ROMANSH.text);
    await expect(page.getByRole('tab', { name: /^RM / })).toHaveAccessibleName('RM Romansh, complete');
    await expect(page.getByRole('tab', { name: /^FR / })).toHaveAccessibleName('FR French, missing');

    await page.getByRole('checkbox', { name: 'Onboarding' }).check();
    await page.getByRole('checkbox', { name: /^Published/ }).check();
    await page.getByRole('button', { name: 'Publish course' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('when an employee reads Romansh, then the course is in Romansh, with German named as its other language', async ({
    page,
  }) => {
    await signInAsEmployee(page, 'rm');
    const card = await openCard(page, ROMANSH.title);
    await expect(card.getByRole('heading', { name: ROMANSH.title })).toHaveAttribute('lang', 'rm');
    await expect(card.getByText(/^Anc betg disponibel/)).toHaveCount(0);
    await expect(card.getByText(/^Era per:/)).toContainText('DE');

    await card.getByRole('link', { name: ROMANSH.title }).click();
    await expect(page.getByRole('heading', { level: 1, name: ROMANSH.title })).toHaveAttribute('lang', 'rm');
    await expect(page.getByText(ROMANSH.text)).toBeVisible();
  });

  test('when an employee reads French, then the German text is shown with a note that it is not yet in French', async ({
    page,
  }) => {
    await signInAsEmployee(page, 'fr');
    const card = await openCard(page, GERMAN.title);
    await expect(card.getByRole('heading', { name: GERMAN.title })).toHaveAttribute('lang', 'de');
    await expect(card.getByText('Pas encore disponible en français – affiché en allemand')).toBeVisible();

    // The box follows the URL: it is checked once the dashboard has moved to ?mylang=1.
    const onlyMine = page.getByRole('checkbox', { name: 'Uniquement les cours en français' });
    await onlyMine.click();
    await expect(page).toHaveURL(/mylang=1/);
    await expect(onlyMine).toBeChecked();
    await expect(page.getByRole('article', { name: GERMAN.title })).toHaveCount(0);

    await page.goto(`/dashboard?q=${token}`);
    await page.getByRole('link', { name: GERMAN.title }).click();
    await expect(page.getByRole('heading', { level: 1, name: GERMAN.title })).toHaveAttribute('lang', 'de');
    await expect(page.getByText('Pas encore disponible en français – affiché en allemand')).toBeVisible();
  });

  for (const language of LANGUAGES) {
    test(`when the course is shown in ${language}, then the dashboard and course page do not overflow at 1280 and 360 pixels (screenshots saved)`, async ({
      page,
    }) => {
      mkdirSync(SHOTS, { recursive: true });
      await signInAsEmployee(page, language);
      const title = language === 'rm' ? ROMANSH.title : GERMAN.title;
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await openCard(page, title);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await checkLayout(page, language, 'course-languages-dashboard', viewport);
        await page.getByRole('link', { name: title }).click();
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(page.locator('main [role=status]')).toHaveCount(0);
        await checkLayout(page, language, 'course-languages-course', viewport);
      }
    });
  }
});
