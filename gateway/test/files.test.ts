import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@portal/contracts/http';
import { unzip } from '@portal/files-service/testing/unzip';
import { testBackends } from '@portal/kit/testing/backends';
import type { HttpSession } from '@portal/kit/testing/http-session';
import { startTestPortal, type TestPortal } from './harness.ts';

const LIMIT = 64 * 1024;
const CHUNK = 1024;
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

async function upload(
  browser: HttpSession,
  courseId: string,
  name: string,
  data: Uint8Array,
  type = 'application/pdf',
) {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(data)], { type }), name);
  const response = await fetch(new URL(`/api/files/upload?courseId=${courseId}`, browser.baseUrl), {
    method: 'POST',
    headers: { cookie: browser.cookieHeader, [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function download(browser: HttpSession, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(new URL(path, browser.baseUrl), {
    headers: { cookie: browser.cookieHeader, 'accept-encoding': 'br, gzip', ...headers },
  });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe.each(testBackends())('attachments through the gateway on $name', (backend) => {
  let portal: TestPortal;
  let admin: HttpSession;
  let employee: HttpSession;
  let categoryId: string;

  async function newCourse(isPublished = true) {
    const response = await admin.post('/api/courses', {
      title: `Files ${Date.now()}`,
      description: '<p>With attachments</p>',
      isPublished,
      categoryIds: [categoryId],
    });
    return response.body.id as string;
  }

  beforeAll(async () => {
    portal = await startTestPortal(backend, { files: { MAX_FILE_BYTES: String(LIMIT), CHUNK_BYTES: String(CHUNK) } });
    admin = await portal.admin();
    employee = await portal.employee();
    categoryId = (await admin.post('/api/categories', { name: `Files ${Date.now()}` })).body.id;
  });
  afterAll(() => portal?.stop());

  it('when files of every size up to the limit are uploaded, then each downloads byte for byte', async () => {
    const courseId = await newCourse();
    const sizes = [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 5 * CHUNK + 17, LIMIT];
    for (const size of sizes) {
      const data = randomBytes(size);
      const stored = await upload(admin, courseId, `file-${size}.bin`, data, 'application/octet-stream');
      expect(stored.status).toBe(201);
      expect(stored.body).toMatchObject({
        fileName: `file-${size}.bin`,
        fileSize: size,
        courseId,
        id: expect.any(String),
      });
      const fetched = await download(employee, `/api/files/download/${stored.body.id}`);
      expect({ size, status: fetched.status }).toEqual({ size, status: 200 });
      expect(sha256(fetched.bytes)).toBe(sha256(data));
      expect(fetched.headers.get('content-disposition')).toMatch(/^attachment;/);
      // Attachments go out as stored: the gateway compresses no download.
      expect(fetched.headers.get('content-encoding')).toBeNull();
      expect(fetched.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const listed = await employee.get(`/api/files/course/${courseId}/files`);
    expect(listed.body.map((file: { fileSize: number }) => file.fileSize)).toEqual(sizes);
    const details = await employee.get(`/api/courses/${courseId}`);
    expect(details.body.files).toHaveLength(sizes.length);
  });

  it('when a player asks for byte ranges of a video, then the gateway passes each 206 or 416 on as the service sent it', async () => {
    const courseId = await newCourse();
    const data = randomBytes(5 * CHUNK + 17);
    const stored = await upload(admin, courseId, 'exits.webm', data, 'video/webm');
    const path = `/api/files/download/${stored.body.id}`;
    for (const [start, end] of [
      [0, data.length - 1],
      [CHUNK - 2, CHUNK + 1],
      [data.length - 1, data.length - 1],
    ] as const) {
      const part = await download(employee, path, { range: `bytes=${start}-${end}` });
      expect({ start, status: part.status }).toEqual({ start, status: 206 });
      expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end}/${data.length}`);
      expect(part.headers.get('content-length')).toBe(String(end - start + 1));
      expect(part.headers.get('content-encoding')).toBeNull();
      expect(Buffer.from(part.bytes).equals(data.subarray(start, end + 1))).toBe(true);
    }
    const first = await download(employee, path, { range: 'bytes=0-' });
    expect(first.headers.get('content-type')).toBe('video/webm');
    expect(first.headers.get('accept-ranges')).toBe('bytes');
    expect(first.headers.get('content-security-policy')).toContain('sandbox');
    expect(first.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    const refused = await download(employee, path, { range: `bytes=${data.length}-` });
    expect(refused.status).toBe(416);
    expect(refused.headers.get('content-range')).toBe(`bytes */${data.length}`);
  });

  it('when a file is one byte over the limit, then 413 and nothing is stored', async () => {
    const courseId = await newCourse();
    const refused = await upload(admin, courseId, 'big.bin', randomBytes(LIMIT + 1));
    expect(refused.status).toBe(413);
    expect(refused.body.error.code).toBe('payload_too_large');
    expect((await employee.get(`/api/files/course/${courseId}/files`)).body).toEqual([]);
  });

  it('when an upload is cut off midway, then neither the file nor any of its chunks is kept', async () => {
    const courseId = await newCourse();
    const boundary = 'cutoffboundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const controller = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        stream.enqueue(new TextEncoder().encode(head));
        stream.enqueue(randomBytes(8 * CHUNK));
        setTimeout(() => controller.abort(), 200);
      },
    });
    await expect(
      fetch(new URL(`/api/files/upload?courseId=${courseId}`, admin.baseUrl), {
        method: 'POST',
        headers: {
          cookie: admin.cookieHeader,
          [CSRF_HEADER]: CSRF_HEADER_VALUE,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        body,
        duplex: 'half',
        signal: controller.signal,
      } as RequestInit),
    ).rejects.toThrow();
    const db = portal.filesDb as NonNullable<typeof portal.filesDb>;
    // The service notices the cut when the connection closes: it discards what it had stored by then.
    const storedOf = async () => {
      const files = await db.selectFrom('files').select('id').where('course_id', '=', courseId).execute();
      const chunks = await db
        .selectFrom('file_chunks')
        .innerJoin('files', 'files.id', 'file_chunks.file_id')
        .select('file_chunks.n')
        .where('files.course_id', '=', courseId)
        .execute();
      return { files: files.length, chunks: chunks.length };
    };
    let stored = await storedOf();
    for (let attempt = 0; attempt < 50 && (stored.files > 0 || stored.chunks > 0); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      stored = await storedOf();
    }
    expect(stored).toEqual({ files: 0, chunks: 0 });
    expect((await employee.get(`/api/files/course/${courseId}/files`)).body).toEqual([]);
  });

  it('when file names are hostile, then they are stored harmless and sent back as attachments', async () => {
    const courseId = await newCourse();
    const names: [string, string][] = [
      ['../../etc/passwd', 'passwd'],
      ['C:\\Users\\me\\report.pdf', 'report.pdf'],
      ['quote"and;semicolon.txt', 'quote"and;semicolon.txt'],
      ['right\u202eto\u200eleft.txt', 'righttoleft.txt'],
      ['Übersicht – Résumé 日本語.pdf', 'Übersicht – Résumé 日本語.pdf'],
      [`${'long'.repeat(100)}.pdf`, `${'long'.repeat(100)}.pdf`.slice(0, 251) + '.pdf'],
      ['....', 'file'],
    ];
    for (const [raw, expected] of names) {
      const stored = await upload(admin, courseId, raw, new TextEncoder().encode('x'), 'text/plain');
      expect(stored.status).toBe(201);
      expect(stored.body.fileName).toBe(expected);
      const fetched = await download(employee, `/api/files/download/${stored.body.id}`);
      const disposition = fetched.headers.get('content-disposition') ?? '';
      expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''/);
      expect(decodeURIComponent(disposition.split("UTF-8''")[1] ?? '')).toBe(expected);
    }
    // A raw control character breaks the multipart header itself: refused as a bad request, not a crash.
    const bell = await upload(admin, courseId, 'bell\u0007.txt', new TextEncoder().encode('x'));
    expect(bell.status).toBe(400);
  });

  it('when a file would render as a page, then it is sent as plain bytes', async () => {
    const courseId = await newCourse();
    const html = await upload(
      admin,
      courseId,
      'page.html',
      new TextEncoder().encode('<script>alert(1)</script>'),
      'text/html',
    );
    const svg = await upload(
      admin,
      courseId,
      'logo.svg',
      new TextEncoder().encode('<svg onload="alert(1)"/>'),
      'image/svg+xml',
    );
    for (const stored of [html, svg]) {
      const fetched = await download(employee, `/api/files/download/${stored.body.id}`);
      expect(fetched.headers.get('content-type')).toBe('application/octet-stream');
      expect(fetched.headers.get('content-disposition')).toMatch(/^attachment/);
    }
  });

  it('when all files are downloaded at once, then the zip holds each file with its bytes and unique names', async () => {
    const courseId = await newCourse();
    const first = randomBytes(3 * CHUNK + 5);
    const second = randomBytes(10);
    await upload(admin, courseId, 'notes.txt', first);
    await upload(admin, courseId, 'notes.txt', second);
    await upload(admin, courseId, 'empty.txt', new Uint8Array());
    const zip = await download(employee, `/api/files/course/${courseId}/files/download`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-encoding')).toBeNull();
    const entries = await unzip(zip.bytes);
    expect([...entries.keys()].sort()).toEqual(['empty.txt', 'notes (2).txt', 'notes.txt']);
    expect(sha256(entries.get('notes.txt')!)).toBe(sha256(first));
    expect(sha256(entries.get('notes (2).txt')!)).toBe(sha256(second));
    expect(entries.get('empty.txt')!.length).toBe(0);
  });

  it('when employees upload or delete, or anyone reaches a draft, then the server refuses', async () => {
    const courseId = await newCourse();
    const stored = await upload(admin, courseId, 'a.txt', new TextEncoder().encode('a'));
    expect((await upload(employee, courseId, 'b.txt', new TextEncoder().encode('b'))).status).toBe(403);
    expect((await employee.request('DELETE', `/api/files/delete/${stored.body.id}`)).status).toBe(403);
    expect((await download(portal.session(), `/api/files/download/${stored.body.id}`)).status).toBe(401);

    const draftId = await newCourse(false);
    const draftFile = await upload(admin, draftId, 'secret.txt', new TextEncoder().encode('secret'));
    expect(draftFile.status).toBe(201);
    expect((await download(employee, `/api/files/download/${draftFile.body.id}`)).status).toBe(404);
    expect((await employee.get(`/api/files/course/${draftId}/files`)).status).toBe(404);
    expect((await download(employee, `/api/files/course/${draftId}/files/download`)).status).toBe(404);
    expect((await download(admin, `/api/files/download/${draftFile.body.id}`)).status).toBe(200);
  });

  it('when ids are unknown or malformed, then 404 and 400', async () => {
    const unknown = '5f1c1b8e-0c6f-4f1e-9d55-6c1c2d3e4f5a';
    expect((await upload(admin, unknown, 'x.txt', new TextEncoder().encode('x'))).status).toBe(404);
    expect((await download(employee, `/api/files/download/${unknown}`)).status).toBe(404);
    expect((await admin.request('DELETE', `/api/files/delete/${unknown}`)).status).toBe(404);
    expect((await employee.get(`/api/files/course/${unknown}/files`)).status).toBe(404);
    expect((await download(employee, '/api/files/download/nope')).status).toBe(400);
    const noFile = await admin.request('POST', `/api/files/upload?courseId=${await newCourse()}`, { json: {} });
    expect(noFile.status).toBe(400);
  });

  it('when a file is deleted, or its course, then it is gone (the course through the course.deleted event)', async () => {
    const courseId = await newCourse();
    const kept = await upload(admin, courseId, 'kept.txt', new TextEncoder().encode('kept'));
    const removed = await upload(admin, courseId, 'removed.txt', new TextEncoder().encode('removed'));
    expect((await admin.request('DELETE', `/api/files/delete/${removed.body.id}`)).status).toBe(200);
    expect((await download(admin, `/api/files/download/${removed.body.id}`)).status).toBe(404);

    expect((await admin.request('DELETE', `/api/courses/${courseId}`)).status).toBe(200);
    await portal.relayEvents();
    expect((await download(admin, `/api/files/download/${kept.body.id}`)).status).toBe(404);
  });

  it('when the files service is down, then course details still load and say the files are unavailable', async () => {
    const courseId = await newCourse();
    await portal.stopFiles();
    const details = await employee.get(`/api/courses/${courseId}`);
    expect(details.status).toBe(200);
    expect(details.body.files).toBeNull();
    expect((await employee.get(`/api/files/course/${courseId}/files`)).status).toBe(503);
  });
});
