import type { Page, Route } from '@playwright/test';
import { signInAsAdmin } from '../support/courses.ts';
import { expect, test } from '../support/portal.ts';

/** Holds every request matching `pattern` until `release()`, as a slow network would. */
async function holdRequests(page: Page, pattern: string | RegExp) {
  const held: Route[] = [];
  let releasing = false;
  await page.route(pattern, async (route) => {
    if (releasing) await route.continue();
    else held.push(route);
  });
  return {
    held: () => held.length,
    release: async () => {
      releasing = true;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
}

test('when the scripts are still on their way, then the page already shows a header and a spinner, not a blank page', async ({
  page,
}) => {
  const scripts = await holdRequests(page, /\/static\/js\//);
  await page.goto('/login', { waitUntil: 'commit' });
  await expect.poll(() => scripts.held()).toBeGreaterThan(0);
  await expect(page.locator('#root[aria-busy="true"] .boot-spinner')).toBeVisible();
  await scripts.release();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(page.locator('#root')).not.toHaveAttribute('aria-busy');
});

test('when a route’s page is still loading, then a loading state shows in the page frame, and the page replaces it', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('article').first()).toBeVisible();
  const editor = await holdRequests(page, /\/mfe\/editor\//);
  await page.getByRole('link', { name: 'Create course' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Loading…');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await editor.release();
  await expect(page.getByRole('heading', { name: 'Create course' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
});
