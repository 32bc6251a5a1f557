import { createCourse, signInAsAdmin } from '../support/courses.ts';
import { expect, test } from '../support/portal.ts';

const TYPED = 'fire safety basics';

test.describe('the dashboard search', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const [speed, delay] of [
    ['three keys a second', 333],
    ['fast', 40],
    ['slowly', 700],
  ] as const) {
    test(`when "${TYPED}" is typed ${speed}, then the field holds exactly what was typed and the course is found`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(90_000);
      await signInAsAdmin(page);
      const title = `Fire safety basics ${speed} ${Date.now().toString(36)}`;
      await createCourse(page.request, { title, isPublished: true });
      await page.goto('/dashboard');
      const searchbox = page.getByRole('searchbox', { name: 'Search courses' });

      await searchbox.pressSequentially(TYPED, { delay });

      await expect(page).toHaveURL(/[?&]q=fire\+safety\+basics(&|$)/);
      await expect(page.getByRole('article', { name: title })).toBeVisible();
      await expect(searchbox).toHaveValue(TYPED);
      if (delay === 333) {
        // The four views of an administrator: two rows of two equal cells, not a ragged wrap.
        const views = page.getByRole('group', { name: 'Show' }).getByRole('button');
        const boxes = await views.evaluateAll((elements) =>
          elements.map((view) => {
            const box = view.getBoundingClientRect();
            return { top: Math.round(box.top), width: Math.round(box.width) };
          }),
        );
        expect(boxes).toHaveLength(4);
        expect(new Set(boxes.map((box) => box.top)).size).toBe(2);
        expect(new Set(boxes.map((box) => box.width)).size).toBe(1);
        await page.screenshot({ path: testInfo.outputPath('dashboard-search-390.png') });
      }
    });
  }
});
