import { mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signInAsAdmin, uniqueTitle } from '../support/courses.ts';
import { ADMIN, expect, test } from '../support/portal.ts';

const LIMIT = 50 * 1024 * 1024;

/** A file of `size` bytes on disk, made sparse so that it costs no time to write. */
function fileOfSize(name: string, size: number): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'portal-upload-')), name);
  writeFileSync(file, '');
  truncateSync(file, size);
  return file;
}

test('when the password is wrong, then the login form says so inline, and no toast is left behind', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong-password-1');
  await page.getByRole('button', { name: 'Log in' }).click();

  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Log in' }) });
  await expect(form.getByRole('alert')).toHaveText('E-mail or password is wrong.');
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);

  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
});

test.describe('the editor file area on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('when a file over the limit of /config.json is chosen, then it is refused at once naming the limit, and the others are added', async ({
    page,
  }, testInfo) => {
    await signInAsAdmin(page);
    const config = (await (await page.request.get('/config.json')).json()) as { maxFileBytes: number };
    expect(config.maxFileBytes).toBe(LIMIT);
    await page.goto('/create-course');
    // The first visit of the editor loads its slice: on a busy machine that takes longer than a click.
    await expect(page.getByRole('heading', { name: 'Create course' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Each file may have up to 50 MB.')).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'Languages of the text' }).getByRole('tab');
    await expect(tabs).toHaveCount(5);
    const tops = await tabs.evaluateAll((elements) => elements.map((tab) => tab.getBoundingClientRect().top));
    expect(new Set(tops).size).toBe(1);
    await page.getByRole('tablist', { name: 'Languages of the text' }).screenshot({
      path: testInfo.outputPath('editor-language-tabs-390.png'),
    });

    await page
      .getByLabel('Choose files')
      .setInputFiles([fileOfSize('too-big.mp4', LIMIT + 1), fileOfSize('notes.txt', 73)]);

    await expect(page.getByRole('alert')).toHaveText(
      '“too-big.mp4” (50 MB) was not added: a file may have at most 50 MB.',
    );
    const list = page.getByRole('list', { name: 'Files of the course' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('notes.txt');
    await expect(list).toContainText('73 bytes · waiting to be uploaded');
    await page.getByText('Files', { exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('editor-file-area-390.png') });
  });

  test('when a course is saved with a file on a slow line, then the file shows its upload progress until it is stored', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto('/create-course');
    await page.getByLabel(/^Title/).fill(uniqueTitle('Upload progress'));
    const editor = page.getByRole('textbox', { name: /Description/ });
    await editor.click();
    await editor.pressSequentially('A course with a large file.');
    await page.getByRole('checkbox', { name: 'Onboarding' }).check();
    await page.getByLabel('Choose files').setInputFiles(fileOfSize('slides.pdf', 3 * 1024 * 1024));

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });
    await page.getByRole('button', { name: 'Save as draft' }).click();

    const progress = page.getByRole('progressbar', { name: 'Upload of slides.pdf' });
    await expect(progress).toBeVisible();
    await expect
      .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await expect(page.getByText('Course saved as draft')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/dashboard\?view=drafts$/);
  });
});
