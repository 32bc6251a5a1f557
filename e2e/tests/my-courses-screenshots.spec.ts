import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { courseIdByTitle, setLanguage, signInAsAdmin, XHR } from '../support/courses.ts';
import { shootScreens } from '../support/layout.ts';
import { expect, LANGUAGES, registerByApi, test } from '../support/portal.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../artifacts/screenshots');

/** The sizes the issue was reported at: a common laptop and a common phone. */
const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

const cards = async (page: Page) => expect(page.locator('main article').first()).toBeVisible();

for (const language of LANGUAGES) {
  test(`when My courses is shown in ${language}, then nothing overflows at 1366 and 390 pixels (screenshots saved)`, async ({
    page,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
    await registerByApi(page, 'Maria Muster-Casanova', language);
    const welcome = await courseIdByTitle(page.request, 'Welcome');
    const leading = await courseIdByTitle(page.request, 'Führen');
    for (const id of [welcome, leading]) {
      const started = await page.request.post(`/api/courses/register-for-course?courseId=${id}`, { headers: XHR });
      expect(started.ok()).toBe(true);
    }
    expect((await page.request.post(`/api/courses/complete-course?courseId=${leading}`, { headers: XHR })).ok()).toBe(
      true,
    );

    await shootScreens(page, {
      language,
      folder: SHOTS,
      viewports: VIEWPORTS,
      screens: [
        { name: 'my-courses-in-progress', path: '/dashboard?view=in-progress', after: cards },
        { name: 'my-courses-completed', path: '/dashboard?view=completed', after: cards },
        {
          name: 'course-complete-dialog',
          path: `/course/${welcome}`,
          after: async (page) => {
            await page.locator('main button').first().click();
            await expect(page.getByRole('alertdialog')).toBeVisible();
          },
          windowOnly: true,
        },
      ],
    });

    await page.context().clearCookies();
    await signInAsAdmin(page);
    await setLanguage(page.request, language);
    try {
      const drafts = (await (await page.request.get('/api/courses?published=false&limit=1')).json()) as {
        id: string;
      }[];
      // The example category "Onboarding" has a name in every language: the page shows the one of the language.
      const usage = (await (await page.request.get('/api/categories/usage')).json()) as {
        names: Partial<Record<string, string>>;
      }[];
      const inUse = usage.find(({ names }) => names.en === 'Onboarding')?.names[language] ?? 'Onboarding';
      await shootScreens(page, {
        language,
        folder: SHOTS,
        viewports: VIEWPORTS,
        screens: [
          { name: 'my-courses-admin-views', path: '/dashboard?view=completed' },
          { name: 'course-draft-preview', path: `/course/${drafts[0]?.id ?? ''}` },
          {
            name: 'categories-in-use-dialog',
            path: '/categories',
            after: async (page) => {
              await page
                .locator('main li')
                .filter({ hasText: new RegExp(`^${inUse}`) })
                .getByRole('button')
                .nth(1)
                .click();
              await expect(page.getByRole('alertdialog')).toBeVisible();
            },
            windowOnly: true,
          },
        ],
      });
    } finally {
      await setLanguage(page.request, 'en');
    }
  });
}
