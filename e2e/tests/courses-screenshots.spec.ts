import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { courseIdByTitle, setLanguage, signInAsAdmin } from '../support/courses.ts';
import { type Screen, shootScreens } from '../support/layout.ts';
import { expect, LANGUAGES, registerByApi, test } from '../support/portal.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../artifacts/screenshots');

const welcomeCourse = async (page: Page) => `/course/${await courseIdByTitle(page.request, 'Welcome')}`;

/** What an employee sees of the courses slice. */
const EMPLOYEE_SCREENS: Screen[] = [
  { name: 'courses-dashboard', path: '/dashboard' },
  { name: 'courses-no-match', path: '/dashboard?q=zzzz' },
  { name: 'course-details', path: welcomeCourse },
  {
    name: 'course-details-started',
    path: welcomeCourse,
    after: async (page) => {
      // The panel says where the reader stands once the course is started (in any language).
      const standing = page.locator('main [aria-live=polite] p');
      if (!(await standing.count())) await page.locator('main button').first().click();
      await expect(standing.first()).toBeVisible();
      await expect(page.locator('main button[disabled]')).toHaveCount(0);
    },
  },
  { name: 'course-not-found', path: '/course/00000000-0000-4000-8000-000000000000' },
  { name: 'categories-not-allowed', path: '/categories' },
];

/** What only an administrator sees. */
const ADMIN_SCREENS: Screen[] = [
  { name: 'courses-dashboard-admin', path: '/dashboard' },
  {
    name: 'courses-delete-dialog',
    path: '/dashboard',
    after: async (page) => {
      await page.locator('main article button').first().click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
    },
    windowOnly: true,
  },
  { name: 'courses-drafts', path: '/dashboard?view=drafts' },
  {
    name: 'categories',
    path: '/categories',
    after: async (page) => {
      await page.locator('main form button[type=submit]').click();
      await expect(page.locator('main [aria-invalid=true]')).toBeVisible();
    },
  },
];

for (const language of LANGUAGES) {
  test(`when the courses pages are shown in ${language}, then nothing overflows at 1280 and 360 pixels (screenshots saved)`, async ({
    page,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
    await registerByApi(page, 'Maria Muster-Casanova', language);
    await shootScreens(page, { language, screens: EMPLOYEE_SCREENS, folder: SHOTS });

    await page.context().clearCookies();
    await signInAsAdmin(page);
    // The administrator's stored language decides the interface after sign-in; it goes back to English after.
    await setLanguage(page.request, language);
    try {
      await shootScreens(page, { language, screens: ADMIN_SCREENS, folder: SHOTS });
    } finally {
      await setLanguage(page.request, 'en');
    }
  });
}
