import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';

export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 360, height: 740 },
] as const;

/**
 * Elements whose text is wider than their box (cut off or spilling out); the ellipsis of long names is allowed,
 * and so are the 1-pixel boxes of texts for screen readers only.
 */
export function overflowingTexts(page: Page) {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        'h1, h2, h3, p, a, button, label, li, span, strong, address, dt, dd, option, select, input',
      ),
    ]
      .filter((element) => element.offsetParent !== null)
      .filter((element) => getComputedStyle(element).textOverflow !== 'ellipsis')
      .filter((element) => element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 1)
      .map((element) => `${element.tagName.toLowerCase()}: ${element.textContent?.trim().slice(0, 60)}`),
  );
}

/** One page of a screenshot run. */
export interface Screen {
  name: string;
  path: string | ((page: Page) => Promise<string>);
  /** After the page is open, e.g. to start the course or open the dialog. */
  after?: (page: Page) => Promise<void>;
  /** A dialog is shown over the window: the screenshot is of the window, not of the whole page. */
  windowOnly?: boolean;
}

/**
 * Opens each screen at each viewport in `language` (the page's `lang` says so), saves its screenshot to `folder`,
 * and checks that the page is no wider than the window and that no text overflows.
 */
export async function shootScreens(
  page: Page,
  {
    language,
    screens,
    folder,
    viewports = VIEWPORTS,
  }: {
    language: string;
    screens: readonly Screen[];
    folder: string;
    viewports?: readonly { name: string; width: number; height: number }[];
  },
) {
  // One test shoots many screens: each screen and width gets its own time, so a busy machine does not run out
  // of the single test's budget halfway.
  test.setTimeout(test.info().timeout + screens.length * viewports.length * 15_000);
  for (const screen of screens) {
    for (const viewport of viewports) {
      await page.setViewportSize(viewport);
      await page.goto(typeof screen.path === 'string' ? screen.path : await screen.path(page));
      await expect(page.locator('main h1')).toBeVisible();
      await expect(page.locator('main [role=status]')).toHaveCount(0);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await screen.after?.(page);
      await page.screenshot({
        path: path.join(folder, `${language}-${screen.name}-${viewport.name}.png`),
        fullPage: !screen.windowOnly,
      });
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth, `${screen.name} at ${viewport.width}px is wider than the window`).toBeLessThanOrEqual(
        viewport.width,
      );
      expect(await overflowingTexts(page), `${screen.name} at ${viewport.width}px`).toEqual([]);
    }
  }
}
