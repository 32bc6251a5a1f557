import { type ClientRequest, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { AuditRecord } from '@portal/contracts/audit';
import { EVENTS } from '@portal/contracts/events';
import { IDENTITY_HEADER, signIdentity } from '@portal/kit/identity';
import { componentSetup, fakeService, signedCaller, TEST_SECRET } from '@portal/kit/testing/component';
import { testBackends } from '@portal/kit/testing/backends';
import { sql } from 'kysely';
import yauzl from 'yauzl';
import { startFilesService } from '../src/app.ts';
import { loadFilesConfig } from '../src/config.ts';
import { unzip } from '../src/testing/unzip.ts';

const ADMIN = { sub: '00000000-0000-4000-8000-00000000000a', admin: true, lang: 'en' } as const;
const EMPLOYEE = { sub: '00000000-0000-4000-8000-00000000000e', admin: false, lang: 'en' } as const;
const VISIBLE = '00000000-0000-4000-8000-0000000000c1';
const DRAFT = '00000000-0000-4000-8000-0000000000c2';
const TITLES: Record<string, Record<string, string>> = {
  [VISIBLE]: { en: 'Fire safety: basics/advanced', fr: 'Sécurité incendie : bases/avancé' },
  [DRAFT]: { en: 'Draft course', fr: 'Cours en préparation' },
};
const LIMIT = 20_000;
const BOUNDARY = 'component-test-boundary';

/** The compression method of each entry of a zip, by name (0: stored, 8: deflated). */
function compressionMethods(bytes: Buffer): Promise<Map<string, number>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('not a zip'));
      const methods = new Map<string, number>();
      zip.on('entry', (entry: yauzl.Entry) => {
        methods.set(entry.fileName, entry.compressionMethod);
        zip.readEntry();
      });
      zip.on('end', () => resolve(methods));
      zip.readEntry();
    });
  });
}

/** Polls until `check` holds (a cleanup after an abort runs after the request is gone). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const form = (content: string, name = 'notes.txt') => {
  const data = new FormData();
  data.append('file', new Blob([content], { type: 'text/plain' }), name);
  return data;
};

describe.each(testBackends())('the files service on $name', (backend) => {
  let setup: Awaited<ReturnType<typeof componentSetup>>;
  let courses: Awaited<ReturnType<typeof fakeService>>;
  let service: Awaited<ReturnType<typeof startFilesService>>;
  let admin: ReturnType<typeof signedCaller>;
  let employee: ReturnType<typeof signedCaller>;
  let visibilityDelayMs = 0;

  beforeAll(async () => {
    setup = await componentSetup(backend, 'files');
    // The courses service decides who sees a course: the draft is for administrators only.
    courses = await fakeService((router) => {
      router.get('/internal/courses/:id/visibility', async (req, res) => {
        await new Promise((resolve) => setTimeout(resolve, visibilityDelayMs));
        const identity = JSON.parse(
          Buffer.from(req.get('x-portal-identity')?.split('.')[0] ?? '', 'base64url').toString(),
        );
        const visible = req.params.id === VISIBLE || (req.params.id === DRAFT && identity.admin === true);
        if (visible) res.json({ title: TITLES[req.params.id]?.[identity.lang] });
        else res.status(404).json({ error: { code: 'not_found', message: 'Course not found' } });
      });
    });
    service = await startFilesService(
      loadFilesConfig({
        ...setup.env,
        COURSES_SERVICE_URL: courses.url,
        CHUNK_BYTES: '1024',
        MAX_FILE_BYTES: String(LIMIT),
      }),
    );
    admin = signedCaller(service.url, ADMIN);
    employee = signedCaller(service.url, EMPLOYEE);
  });

  afterAll(() => setup?.close(service, courses));

  const fileIds = async () =>
    (await service.database.db.selectFrom('files').select('id').execute()).map(({ id }) => id).sort();
  const chunkCount = async () =>
    Number(
      (
        await service.database.db
          .selectFrom('file_chunks')
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  /** A multipart upload sent by hand, so that the test decides when it stops: the part's headers are sent. */
  function startUpload(fileName: string): ClientRequest {
    const url = new URL(`/api/files/upload?courseId=${VISIBLE}`, service.url);
    const upload = request(url, {
      method: 'POST',
      headers: {
        [IDENTITY_HEADER]: signIdentity(ADMIN, { method: 'POST', path: `${url.pathname}${url.search}` }, TEST_SECRET),
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
    });
    upload.on('error', () => undefined);
    upload.write(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/plain\r\n\r\n`,
    );
    return upload;
  }

  it('when an administrator uploads a file, then employees list it and download the same bytes in chunks', async () => {
    const content = 'x'.repeat(5000);
    const uploaded = await admin.post(`/api/files/upload?courseId=${VISIBLE}`, form(content));
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ fileName: 'notes.txt', fileSize: 5000, courseId: VISIBLE });
    const listed = await employee.get(`/api/files/course/${VISIBLE}/files`);
    expect(listed.body).toEqual([expect.objectContaining({ id: uploaded.body.id })]);
    const downloaded = await employee.get(`/api/files/download/${uploaded.body.id}`);
    expect(downloaded.status).toBe(200);
    expect(downloaded.body).toBe(content);
    expect(downloaded.headers.get('content-disposition')).toContain('attachment');
    const chunks = await service.database.db
      .selectFrom('file_chunks')
      .select('n')
      .where('file_id', '=', uploaded.body.id)
      .execute();
    expect(chunks).toHaveLength(5);
  });

  it('when an administrator adds and removes a file, then both are on the audit trail with who, which file and course', async () => {
    const uploaded = await admin.post(`/api/files/upload?courseId=${VISIBLE}`, form('audited'));
    expect(uploaded.status).toBe(201);
    expect((await admin.delete(`/api/files/delete/${uploaded.body.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/files/delete/${uploaded.body.id}`)).status).toBe(404);
    const { rows } = await sql<{ payload: AuditRecord }>`
      select payload from outbox where topic = ${EVENTS.auditRecorded} and payload->'object'->>'id' = ${uploaded.body.id}
      order by id`.execute(service.database.db);
    expect(rows.map(({ payload }) => payload)).toEqual([
      expect.objectContaining({
        action: 'file.added',
        actor: { id: ADMIN.sub },
        object: { type: 'file', id: uploaded.body.id, label: 'notes.txt' },
        details: { courseId: VISIBLE, fileSize: 7 },
        service: 'files',
      }),
      expect.objectContaining({ action: 'file.removed', object: expect.objectContaining({ id: uploaded.body.id }) }),
    ]);
  });

  it('when the courses service says the course is not visible, then uploads and lists answer 404 and nothing is stored', async () => {
    const refused = await admin.post(`/api/files/upload?courseId=00000000-0000-4000-8000-0000000000c9`, form('secret'));
    expect(refused.status).toBe(404);
    expect(courses.calls.at(-1)).toMatchObject({
      path: '/internal/courses/00000000-0000-4000-8000-0000000000c9/visibility',
    });
    const stored = await service.database.db
      .selectFrom('files')
      .select('id')
      .where('course_id', '=', '00000000-0000-4000-8000-0000000000c9')
      .execute();
    expect(stored).toEqual([]);
    expect((await admin.post(`/api/files/upload?courseId=${DRAFT}`, form('draft notes'))).status).toBe(201);
    expect((await employee.get(`/api/files/course/${DRAFT}/files`)).status).toBe(404);
  });

  it('when course.deleted arrives, then the course files and their chunks are gone', async () => {
    const uploaded = await admin.post(`/api/files/upload?courseId=${VISIBLE}`, form('y'.repeat(3000)));
    expect(uploaded.status).toBe(201);
    const system = signedCaller(service.url, { sub: null, admin: false, lang: 'en' });
    const event = { id: crypto.randomUUID(), topic: EVENTS.courseDeleted, payload: { courseId: VISIBLE } };
    expect((await system.post('/internal/events', event)).status).toBe(200);
    const left = await service.database.db
      .selectFrom('file_chunks')
      .select('n')
      .where('file_id', '=', uploaded.body.id)
      .execute();
    expect(left).toEqual([]);
    expect((await admin.get(`/api/files/course/${VISIBLE}/files`)).body).toEqual([]);
  });

  it('when the client aborts an upload midway, then no file and no chunk remain, and the abort is logged as such, not as a 500', async () => {
    const before = { files: await fileIds(), chunks: await chunkCount() };
    const info = jest.spyOn(service.logger, 'info');
    const error = jest.spyOn(service.logger, 'error');
    try {
      const upload = startUpload('half.txt');
      upload.write('h'.repeat(8 * 1024));
      await eventually(async () => (await chunkCount()) > before.chunks);
      upload.destroy();
      await eventually(async () => (await chunkCount()) === before.chunks);
      await eventually(async () => JSON.stringify(await fileIds()) === JSON.stringify(before.files));
      await eventually(async () =>
        info.mock.calls.some((call) => call.includes('upload aborted by the client: nothing stored')),
      );
      expect(error).not.toHaveBeenCalled();
    } finally {
      info.mockRestore();
      error.mockRestore();
    }
  });

  it('when the client sends the whole upload and is gone before the course is checked, then nothing is stored and the abort is logged', async () => {
    const before = { files: await fileIds(), chunks: await chunkCount() };
    const info = jest.spyOn(service.logger, 'info');
    visibilityDelayMs = 300;
    try {
      const upload = startUpload('unanswered.txt');
      upload.write('u'.repeat(LIMIT - 10));
      await new Promise<void>((resolve) => upload.end(`\r\n--${BOUNDARY}--\r\n`, resolve));
      upload.destroy();
      await eventually(async () =>
        info.mock.calls.some((call) => call.includes('upload aborted by the client: nothing stored')),
      );
      expect(await fileIds()).toEqual(before.files);
      expect(await chunkCount()).toBe(before.chunks);
    } finally {
      visibilityDelayMs = 0;
      info.mockRestore();
    }
  });

  it('when the client is gone once its whole upload is read but before it is stored, then the file is removed again', async () => {
    const before = { files: await fileIds(), chunks: await chunkCount() };
    const db = service.database.db;
    const transaction = db.transaction.bind(db);
    let reachedStoring: () => void = () => undefined;
    const storing = new Promise<void>((resolve) => (reachedStoring = resolve));
    let clientClosed: () => void = () => undefined;
    const closed = new Promise<void>((resolve) => (clientClosed = resolve));
    // The file's last step (its transaction) waits until the client has gone, as when the gateway's timeout ends it.
    const spy = jest.spyOn(db, 'transaction').mockImplementationOnce(() => {
      const builder = transaction();
      const execute = builder.execute.bind(builder);
      builder.execute = (async (callback) => {
        reachedStoring();
        await closed;
        return execute(callback);
      }) as typeof builder.execute;
      return builder;
    });
    try {
      const upload = startUpload('late.txt');
      upload.end(`${'l'.repeat(3000)}\r\n--${BOUNDARY}--\r\n`);
      await storing;
      upload.destroy();
      await new Promise((resolve) => upload.once('close', resolve));
      // The service, in this process, sees the closed connection on its next turn of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 50));
      clientClosed();
      await eventually(async () => JSON.stringify(await fileIds()) === JSON.stringify(before.files), 5_000);
      expect(await chunkCount()).toBe(before.chunks);
    } finally {
      spy.mockRestore();
    }
  });

  it('when a file is over the limit, then the 413 names the limit and nothing is stored', async () => {
    const before = await fileIds();
    const refused = await admin.post(`/api/files/upload?courseId=${VISIBLE}`, form('z'.repeat(LIMIT + 1)));
    expect(refused.status).toBe(413);
    expect(refused.body.error.message).toContain(`${LIMIT} bytes`);
    expect(await fileIds()).toEqual(before);
  });

  it('when all files of a course are downloaded, then the zip is named after the course title and stores compressed formats as they are', async () => {
    const photo = new FormData();
    photo.append('file', new Blob([crypto.getRandomValues(new Uint8Array(4000))], { type: 'image/jpeg' }), 'site.jpg');
    expect((await admin.post(`/api/files/upload?courseId=${VISIBLE}`, photo)).status).toBe(201);
    expect(
      (await admin.post(`/api/files/upload?courseId=${VISIBLE}`, form('exit '.repeat(800), 'plan.txt'))).status,
    ).toBe(201);
    const french = signedCaller(service.url, { ...EMPLOYEE, lang: 'fr' });
    const url = new URL(`/api/files/course/${VISIBLE}/files/download`, service.url);
    const response = await fetch(url, {
      headers: {
        [IDENTITY_HEADER]: signIdentity(
          { ...EMPLOYEE, lang: 'fr' },
          { method: 'GET', path: url.pathname },
          TEST_SECRET,
        ),
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="S_curit_ incendie : bases-avanc_.zip"; filename*=UTF-8''S%C3%A9curit%C3%A9%20incendie%20%3A%20bases-avanc%C3%A9.zip`,
    );
    const zip = Buffer.from(await response.arrayBuffer());
    const methods = await compressionMethods(zip);
    expect(methods.get('site.jpg')).toBe(0);
    expect(methods.get('plan.txt')).toBe(8);
    expect((await unzip(zip)).get('plan.txt')?.toString()).toBe('exit '.repeat(800));
    expect((await french.get(`/api/files/course/${VISIBLE}/files`)).status).toBe(200);
  });

  it('when a browser opens the link of a removed or unknown file, then it gets a page in the reader’s language; API clients keep the JSON error', async () => {
    const uploaded = await admin.post(`/api/files/upload?courseId=${VISIBLE}`, form('soon gone'));
    expect((await admin.delete(`/api/files/delete/${uploaded.body.id}`)).status).toBe(200);
    const browserAccept = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    const expected = {
      en: 'File not found',
      fr: 'Fichier introuvable',
      de: 'Datei nicht gefunden',
      it: 'File non trovato',
      rm: 'Datoteca betg chattada',
    } as const;
    for (const [lang, title] of Object.entries(expected)) {
      const reader = signedCaller(service.url, { ...EMPLOYEE, lang: lang as keyof typeof expected });
      const page = await reader.get(`/api/files/download/${uploaded.body.id}`, browserAccept);
      expect(page.status).toBe(404);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.body).toContain(`<html lang="${lang}">`);
      expect(page.body).toContain(`<h1>${title}</h1>`);
    }
    const unknownCourse = await employee.get(`/api/files/course/${DRAFT}/files/download`, browserAccept);
    expect(unknownCourse.body).toContain('<h1>File not found</h1>');
    const api = await employee.get(`/api/files/download/${uploaded.body.id}`, { accept: 'application/json' });
    expect(api.status).toBe(404);
    expect(api.body.error.code).toBe('not_found');
    expect((await employee.get(`/api/files/download/${uploaded.body.id}`)).body.error.code).toBe('not_found');
  });

  describe('a download asked for in byte ranges (a video player seeking)', () => {
    // 3000 bytes in chunks of 1024: 0-1023, 1024-2047, 2048-2999.
    const content = Array.from({ length: 3000 }, (_, index) => String.fromCharCode(97 + (index % 26))).join('');
    let path = '';
    let etag = '';
    beforeAll(async () => {
      const uploaded = await admin.post(`/api/files/upload?courseId=${VISIBLE}`, form(content, 'letters.txt'));
      path = `/api/files/download/${uploaded.body.id}`;
      etag = (await employee.get(path)).headers.get('etag') ?? '';
    });

    it.each([
      ['bytes=1000-1100', 1000, 1100],
      ['bytes=1023-1024', 1023, 1024],
      ['bytes=0-2999', 0, 2999],
      ['bytes=2999-2999', 2999, 2999],
      ['bytes=2048-', 2048, 2999],
      ['bytes=-10', 2990, 2999],
      ['bytes=-5000', 0, 2999],
      ['bytes=500-99999', 500, 2999],
      ['bytes=0-1,2-3', 0, 3],
    ])('when %s is asked for, then 206 sends exactly bytes %i to %i', async (range, start, end) => {
      const part = await employee.get(path, { range });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end}/3000`);
      expect(part.headers.get('content-length')).toBe(String(end - start + 1));
      expect(part.headers.get('accept-ranges')).toBe('bytes');
      expect(part.body).toBe(content.slice(start, end + 1));
    });

    it('when no range is asked for, then the whole file comes and says ranges may be asked for', async () => {
      const whole = await employee.get(path);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
      expect(whole.body).toBe(content);
    });

    it('when a range starts past the end, then 416 names the size and nothing of the file is sent', async () => {
      for (const range of ['bytes=3000-', 'bytes=5000-6000', 'bytes=-0']) {
        const refused = await employee.get(path, { range });
        expect({ range, status: refused.status }).toEqual({ range, status: 416 });
        expect(refused.headers.get('content-range')).toBe('bytes */3000');
        expect(refused.body.error.code).toBe('range_not_satisfiable');
      }
    });

    it('when several ranges, a malformed one, another unit or a stale If-Range are asked for, then the whole file comes', async () => {
      for (const headers of [
        { range: 'bytes=0-1,5-6' } as Record<string, string>,
        { range: 'bytes=x-y' },
        { range: 'items=0-1' },
        { range: 'bytes=0-1', 'if-range': '"an-older-version"' },
      ]) {
        const whole = await employee.get(path, headers);
        expect({ headers, status: whole.status }).toEqual({ headers, status: 200 });
        expect(whole.body).toBe(content);
      }
      const current = await employee.get(path, { range: 'bytes=0-1', 'if-range': etag });
      expect(current.status).toBe(206);
      expect(current.body).toBe('ab');
    });
  });

  it('when a video is downloaded, then it comes as its type for the player, still sandboxed and not sniffed', async () => {
    const video = new FormData();
    video.append('file', new Blob([new Uint8Array(2000)], { type: 'video/webm' }), 'exits.webm');
    const uploaded = await admin.post(`/api/files/upload?courseId=${VISIBLE}`, video);
    const part = await employee.get(`/api/files/download/${uploaded.body.id}`, { range: 'bytes=0-' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe('video/webm');
    expect(part.headers.get('content-disposition')).toMatch(/^attachment; filename="exits.webm"/);
    expect(part.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(part.headers.get('x-content-type-options')).toBe('nosniff');
  });

  describe('captions (WebVTT files)', () => {
    const vtt = 'WEBVTT\n\n00:00.000 --> 00:01.000\nThe exits are green.\n';
    const captions = (content: string, name: string, type: string) => {
      const data = new FormData();
      data.append('file', new Blob([content], { type }), name);
      return admin.post(`/api/files/upload?courseId=${VISIBLE}`, data);
    };

    it('when a WebVTT file is uploaded, by its type or only by its name, then it is kept and served as text/vtt', async () => {
      for (const [name, type, content] of [
        ['exits.en.vtt', 'text/vtt', vtt],
        ['exits.de.vtt', 'application/octet-stream', `\uFEFF${vtt}`],
        ['exits.fr.vtt', '', 'WEBVTT'],
      ] as const) {
        const stored = await captions(content, name, type);
        expect({ name, status: stored.status }).toEqual({ name, status: 201 });
        expect(stored.body.fileType).toBe('text/vtt');
        const served = await employee.get(`/api/files/download/${stored.body.id}`);
        expect(served.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
        expect(served.headers.get('content-disposition')).toMatch(/^attachment;/);
        // fetch's text() drops a byte-order mark.
        expect(served.body).toBe(content.replace(/^\uFEFF/, ''));
      }
    });

    it('when captions do not start as WebVTT, then they are refused and nothing is stored', async () => {
      const before = await fileIds();
      for (const content of ['', 'WEBVTTX\n', '1\n00:00.000 --> 00:01.000\nNo header\n', '<script>WEBVTT']) {
        const refused = await captions(content, 'bad.vtt', 'text/vtt');
        expect({ content, status: refused.status }).toEqual({ content, status: 400 });
        expect(refused.body.error.issues).toEqual([{ path: 'file', code: 'captions_not_webvtt' }]);
      }
      expect(await fileIds()).toEqual(before);
    });
  });

  it('when the courses service is down (the last test: it stays down), then an upload answers 503', async () => {
    await courses.stop();
    const refused = await admin.post(`/api/files/upload?courseId=${VISIBLE}`, form('later'));
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe('service_unavailable');
  });
});
