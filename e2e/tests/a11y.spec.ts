import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createCourse, setLanguage, signInAsAdmin, uniqueTitle } from '../support/courses.ts';
import { expect, type Language, test } from '../support/portal.ts';

/** What axe must not find anywhere: the serious and critical violations (issue 12). */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Each screen once its page is drawn: the page's own heading is the sign that its slice has loaded. */
async function checkScreens(page: Page, language: Language, screens: { url: string; ready: () => Promise<void> }[]) {
  for (const screen of screens) {
    await page.goto(screen.url);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await screen.ready();
    expect(await seriousViolations(page), `${screen.url} in ${language}`).toEqual([]);
  }
}

// axe takes a few seconds per screen, and each test goes through several screens.
test.describe.configure({ timeout: 240_000 });

const ADD_LINK = { en: 'Add or edit link', rm: 'Agiuntar u modifitgar la colliaziun' };

const heading = (page: Page) => () => expect(page.getByRole('heading', { level: 1 })).toBeVisible();

for (const language of ['en', 'rm'] as const) {
  test(`when a visitor opens the public screens in ${language}, then axe finds nothing serious`, async ({ page }) => {
    await page.addInitScript((chosen) => localStorage.setItem('i18nextLng', chosen), language);
    await checkScreens(
      page,
      language,
      ['/', '/login', '/register', '/request-reset', '/reset-password?token=made-up', '/no-such-page'].map((url) => ({
        url,
        ready: heading(page),
      })),
    );
  });

  test(`when the administrator opens every signed-in screen in ${language}, then axe finds nothing serious`, async ({
    page,
  }) => {
    await signInAsAdmin(page);
    const course = await createCourse(page.request, { title: uniqueTitle('Accessible course'), isPublished: true });
    await setLanguage(page.request, language);
    try {
      await checkScreens(
        page,
        language,
        ['/dashboard', `/course/${course.id}`, '/categories', '/create-course', `/edit-course/${course.id}`].map(
          (url) => ({ url, ready: heading(page) }),
        ),
      );
      // The open menus are screens too: the user menu, and the link dialog of the editor.
      await page.getByRole('button', { name: /^Admin/ }).click();
      expect(await seriousViolations(page), `user menu in ${language}`).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: ADD_LINK[language] }).click();
      await expect(page.locator('input[inputmode=url]')).toBeVisible();
      expect(await seriousViolations(page), `link dialog in ${language}`).toEqual([]);
    } finally {
      await setLanguage(page.request, 'en');
    }
  });
}
