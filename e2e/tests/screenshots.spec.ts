import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { overflowingTexts, VIEWPORTS } from '../support/layout.ts';
import { expect, LANGUAGES, registerByApi, test, uniqueEmail } from '../support/portal.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../artifacts/screenshots');

interface Screen {
  name: string;
  path: string;
  signedIn?: boolean;
  /** Before the page is opened, e.g. to break the network. */
  before?: (page: Page) => Promise<void>;
  /** After the page is open, e.g. to show the validation messages. */
  after?: (page: Page) => Promise<void>;
}

/** Fills every text field of the form with `values` (in order) and leaves the last one, to show the messages. */
async function fillFields(page: Page, values: string[]) {
  const inputs = page.locator('main input');
  for (const [index, value] of values.entries()) await inputs.nth(index).fill(value);
  await inputs.nth(values.length - 1).blur();
}

const SCREENS: Screen[] = [
  { name: 'landing', path: '/' },
  { name: 'login', path: '/login' },
  { name: 'register-errors', path: '/register', after: (page) => fillFields(page, ['A', 'anna@example', 'secret']) },
  { name: 'request-reset', path: '/request-reset' },
  {
    name: 'request-reset-sent',
    path: '/request-reset',
    after: async (page) => {
      await fillFields(page, [uniqueEmail('nobody')]);
      await page.locator('main button[type=submit]').click();
      await expect(page.getByRole('status')).toBeVisible();
    },
  },
  {
    name: 'reset-password-invalid-link',
    path: '/reset-password?token=k3J9xQ2mZpL7vR4tW8yB1nC6dF0gH5sA',
    after: (page) => expect(page.getByRole('alert')).toBeVisible(),
  },
  { name: 'not-found', path: '/no/such/page' },
  {
    name: 'remote-fallback',
    path: '/login',
    before: async (page) => {
      await page.route('**/mfe/auth/mf-manifest.json', (route) => route.abort());
    },
  },
  { name: 'dashboard', path: '/dashboard', signedIn: true },
  {
    name: 'user-menu',
    path: '/dashboard',
    signedIn: true,
    after: async (page) => {
      // The user menu's button is named by the user's name, then "User menu" in the current language.
      const userMenu = page.getByRole('button', { name: /^Maria Muster-Casanova – / });
      await userMenu.click();
      await expect(userMenu).toHaveAttribute('aria-expanded', 'true');
    },
  },
];

for (const language of LANGUAGES) {
  test(`when every screen is shown in ${language}, then nothing overflows at 1280 and 360 pixels (screenshots saved)`, async ({
    page,
  }) => {
    // Every screen at two widths, each a full-page screenshot: close to a minute on a quiet machine, so this
    // test takes three times the usual time (on two busy cores two languages ran past 60 s).
    test.slow();
    mkdirSync(SHOTS, { recursive: true });
    await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
    let signedIn = false;
    for (const screen of SCREENS) {
      if (screen.signedIn && !signedIn) {
        await registerByApi(page, 'Maria Muster-Casanova', language);
        signedIn = true;
      }
      await page.unrouteAll();
      await screen.before?.(page);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await page.goto(screen.path);
        await expect(page.locator('main h1')).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await screen.after?.(page);
        await page.screenshot({
          path: path.join(SHOTS, `${language}-${screen.name}-${viewport.name}.png`),
          fullPage: true,
        });
        const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(pageWidth, `${screen.name} at ${viewport.width}px is wider than the window`).toBeLessThanOrEqual(
          viewport.width,
        );
        expect(await overflowingTexts(page), `${screen.name} at ${viewport.width}px`).toEqual([]);
      }
    }
  });
}
