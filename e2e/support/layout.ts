import type { Page } from '@playwright/test';

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
