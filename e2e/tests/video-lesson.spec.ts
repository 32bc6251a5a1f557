import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { createCourse, newAdminPage, uniqueTitle, XHR } from '../support/courses.ts';
import { overflowingTexts } from '../support/layout.ts';
import { expect, registerByApi, test } from '../support/portal.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../artifacts/screenshots');
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');

// The first visit loads the course slice and the video plays for three seconds: more than a test's usual minute.
test.describe.configure({ timeout: 120_000 });

/** Uploads a fixture as a file of the course, as the editor's file area does. */
async function uploadFixture(request: APIRequestContext, courseId: string, name: string, mimeType: string) {
  const response = await request.post(`/api/files/upload?courseId=${courseId}`, {
    headers: XHR,
    multipart: { file: { name, mimeType, buffer: readFileSync(path.join(FIXTURES, name)) } },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test('when a learner plays a video lesson to the end in Chromium, then it streams in ranges, shows captions and counts as viewed', async ({
  page,
  browser,
  baseURL,
}) => {
  const admin = await newAdminPage(browser, baseURL);
  const course = await createCourse(admin.request, { title: uniqueTitle('Fire exits on video'), isPublished: true });
  const videoId = await uploadFixture(admin.request, course.id, 'fire-exits.webm', 'video/webm');
  const english = await uploadFixture(admin.request, course.id, 'fire-exits.en.vtt', 'text/vtt');
  const german = await uploadFixture(admin.request, course.id, 'fire-exits.de.vtt', 'text/vtt');
  for (const lesson of [
    {
      kind: 'video',
      defaultLanguage: 'en',
      texts: { en: { title: 'Walking to the exits' } },
      fileId: videoId,
      captions: { en: english, de: german },
    },
    { kind: 'text', defaultLanguage: 'en', texts: { en: { title: 'Afterwards', body: '<p>Meet at the oak.</p>' } } },
  ]) {
    const created = await admin.request.post(`/api/courses/${course.id}/lessons`, { headers: XHR, data: lesson });
    expect(created.status()).toBe(201);
  }

  const videoAnswers: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith(`/api/files/download/${videoId}`)) videoAnswers.push(response.status());
  });
  await registerByApi(page, 'Vera Viewer');
  await page.goto(`/course/${course.id}`);
  const video = page.getByLabel('Walking to the exits', { exact: true });

  await test.step('the video opens first, with English captions on and German ones to choose', async () => {
    await expect(video).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('0 of 2 viewed')).toBeVisible();
    await expect(video.locator('track')).toHaveCount(2);
    // The browser has loaded the metadata (by range) and the English captions, which it shows.
    await expect
      .poll(() =>
        video.evaluate((element: HTMLVideoElement) => ({
          duration: Math.round(element.duration),
          tracks: [...element.textTracks].map((track) => `${track.language}:${track.label}:${track.mode}`),
          cues: element.textTracks[0]?.cues?.length ?? 0,
        })),
      )
      .toEqual({ duration: 3, tracks: ['en:English:showing', 'de:Deutsch:disabled'], cues: 2 });
  });

  await test.step('played to the end, it is marked viewed on the server', async () => {
    const viewed = page.waitForResponse(
      (response) => response.url().includes('/viewed') && response.request().method() === 'POST',
    );
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    expect((await viewed).status()).toBe(200);
    await expect(page.getByText('1 of 2 viewed')).toBeVisible();
    await expect(page.getByText('You have watched this video.')).toBeVisible();
    expect(videoAnswers).toContain(206);
  });

  await test.step('after a reload the mark stays; at 390 pixels the player fits (screenshot saved)', async () => {
    await page.reload();
    const outline = page.getByRole('navigation', { name: 'Course outline' });
    // A reload loads the course slice again: slow on a busy machine.
    await expect(outline.getByRole('button', { name: 'Walking to the exits (viewed)' })).toBeVisible({
      timeout: 30_000,
    });
    await outline.getByRole('button', { name: 'Walking to the exits (viewed)' }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(video).toBeVisible();
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.currentTime = 1;
      await new Promise((resolve) => element.addEventListener('seeked', resolve, { once: true }));
    });
    expect(await overflowingTexts(page)).toEqual([]);
    const box = await video.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390);
    mkdirSync(SHOTS, { recursive: true });
    await video.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'video-lesson-390-en.png') });
  });

  await admin.context().close();
});
