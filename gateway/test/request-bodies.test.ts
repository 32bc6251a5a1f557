import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { API_ROUTES, bodyLimitOf, JSON_BODY_MAX_BYTES } from '@portal/contracts/api-routes';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@portal/contracts/http';
import { QUIZ_LIMITS } from '@portal/contracts/quizzes';
import { SCIM_BASE_PATH, SCIM_MEDIA_TYPE, SCIM_SCHEMAS } from '@portal/contracts/scim';
import { testBackends } from '@portal/kit/testing/backends';
import type { HttpSession } from '@portal/kit/testing/http-session';
import { publishedCourse, startTestPortal, type TestPortal } from './harness.ts';

const LIMIT = 64 * 1024;
/** Far more than the kernel's buffers between the test and the gateway hold, so that a body read to its end shows. */
const STREAMED = 48 * 1024 * 1024;
const PIECE = randomBytes(64 * 1024);
const BOUNDARY = 'limitsboundary';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const partHead = (name: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
  );
const partEnd = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

interface Answer {
  status: number;
  body: { error?: { code: string } } | null;
}

/** A POST whose body the test writes itself, and its answer (or the error that ended it). */
function post(browser: HttpSession, path: string, headers: Record<string, string>) {
  const call = request(new URL(path, browser.baseUrl), {
    method: 'POST',
    headers: { cookie: browser.cookieHeader, [CSRF_HEADER]: CSRF_HEADER_VALUE, ...headers },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    call.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: response.statusCode ?? 0, body: text ? (JSON.parse(text) as Answer['body']) : null });
      });
      response.on('error', reject);
    });
    call.on('error', reject);
  });
  const ended = answer.then(
    (value) => ({ answer: value }),
    (error: unknown) => ({ error }),
  );
  return { call, answer, ended };
}

/** Streams `head` then random bytes, chunked, until the gateway answers or closes; how much was written by then. */
async function streamPast(browser: HttpSession, path: string, contentType: string, head: Buffer) {
  const { call, ended } = post(browser, path, { 'content-type': contentType, 'transfer-encoding': 'chunked' });
  let stopped = false;
  void ended.then(() => (stopped = true));
  let written = head.length;
  call.write(head);
  while (!stopped && written < STREAMED) {
    written += PIECE.length;
    if (!call.write(PIECE)) await Promise.race([once(call, 'drain'), ended]);
  }
  if (!stopped) call.end(partEnd);
  const outcome = await ended;
  call.destroy();
  return { written, outcome };
}

/** Declares a body of `bytes` and sends none of it: the answer must come without it. */
async function declareOnly(browser: HttpSession, path: string, contentType: string, bytes: number) {
  const { call, answer } = post(browser, path, { 'content-type': contentType, 'content-length': String(bytes) });
  call.flushHeaders();
  let timer: NodeJS.Timeout | undefined;
  const unanswered = new Promise<Answer>((resolve) => {
    timer = setTimeout(() => resolve({ status: 0, body: null }), 10_000);
  });
  const outcome = await Promise.race([answer, unanswered]);
  clearTimeout(timer);
  call.destroy();
  return outcome;
}

describe.each(testBackends())('request bodies through the gateway on $name', (backend) => {
  let portal: TestPortal;
  let admin: HttpSession;
  let employee: HttpSession;
  let attachmentsPath: string;
  let resultPath: string;

  beforeAll(async () => {
    const limits = { MAX_FILE_BYTES: String(LIMIT) };
    portal = await startTestPortal(backend, { gateway: limits, files: limits, courses: limits, withTraining: false });
    admin = await portal.admin();
    employee = await portal.employee();
    const { courseId, categoryId } = await publishedCourse(admin, 'Bodies');
    attachmentsPath = `/api/files/upload?courseId=${courseId}`;
    const proved = await admin.post('/api/courses', {
      title: 'Proved',
      description: '<p>Proved by a file</p>',
      isPublished: true,
      categoryIds: [categoryId],
      completionProof: 'upload',
    });
    expect((await employee.post(`/api/courses/register-for-course?courseId=${proved.body.id}`)).status).toBe(200);
    resultPath = `/api/courses/${proved.body.id}/result`;
  });
  afterAll(() => portal?.stop());

  it('when a body declares a length over its route limit, then 413 comes back without a byte of it read', async () => {
    const calls: [HttpSession, string, string][] = [
      [admin, attachmentsPath, MULTIPART],
      [employee, resultPath, MULTIPART],
      [admin, '/api/admin/users/import', MULTIPART],
      [admin, '/api/categories', 'application/json'],
    ];
    for (const [browser, path, contentType] of calls) {
      const refused = await declareOnly(browser, path, contentType, 120 * 1024 * 1024);
      expect({ path, status: refused.status, code: refused.body?.error?.code }).toEqual({
        path,
        status: 413,
        code: 'payload_too_large',
      });
    }
  });

  it('when a question import declares 10 MB, then 413 comes back without a byte of it read', async () => {
    const path = `/api/courses/${randomUUID()}/questions/import?format=gift&dryRun=true`;
    const refused = await declareOnly(admin, path, 'text/plain', 10 * 1024 * 1024);
    expect({ status: refused.status, code: refused.body?.error?.code }).toEqual({
      status: 413,
      code: 'payload_too_large',
    });
    // its own limit, not the JSON bodies' 100 KB nor the portal's file limit
    const route = API_ROUTES.find(({ path: routePath }) => routePath === '/api/courses/:id/questions/import');
    expect(route && bodyLimitOf(route, LIMIT)).toBe(QUIZ_LIMITS.importBytesMax);
  });

  it("when a SCIM body declares a length over its limit, then 413 comes back in SCIM's error shape", async () => {
    const refused = await declareOnly(admin, `${SCIM_BASE_PATH}/Users`, SCIM_MEDIA_TYPE, 120 * 1024 * 1024);
    expect(refused).toEqual({
      status: 413,
      body: {
        schemas: [SCIM_SCHEMAS.error],
        status: '413',
        detail: `The request's body is larger than the limit of ${JSON_BODY_MAX_BYTES} bytes`,
      },
    });
  });

  it('when a proof or an attachment streams past its limit, then it is cut long before its end', async () => {
    for (const [browser, path] of [
      [employee, resultPath],
      [admin, attachmentsPath],
    ] as const) {
      const { written, outcome } = await streamPast(browser, path, MULTIPART, partHead('big.pdf'));
      expect({ path, cut: written < STREAMED / 4 }).toEqual({ path, cut: true });
      if ('answer' in outcome) expect(outcome.answer.status).toBe(413);
    }
    const kept = await portal.filesDb?.selectFrom('files').select('id').where('file_name', '=', 'big.pdf').execute();
    expect(kept).toEqual([]);
  });

  it('when a JSON body streams past its limit, then it is cut long before its end', async () => {
    const { written, outcome } = await streamPast(
      admin,
      '/api/categories',
      'application/json',
      Buffer.from('{"name":"'),
    );
    expect(written).toBeLessThan(STREAMED / 4);
    if ('answer' in outcome) expect(outcome.answer.status).toBe(413);
  });

  it('when a person starts a second upload while the first is under way, then 429 upload_in_progress', async () => {
    const first = post(admin, attachmentsPath, { 'content-type': MULTIPART, 'transfer-encoding': 'chunked' });
    first.call.write(partHead('first.pdf'));
    const db = portal.filesDb as NonNullable<typeof portal.filesDb>;
    // The files service begins a file as it reads its first bytes: the first upload is under way from then on.
    const begun = async () =>
      (await db.selectFrom('files').select('id').where('file_name', '=', 'first.pdf').execute()).length > 0;
    for (let attempt = 0; attempt < 100 && !(await begun()); attempt += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const second = post(admin, attachmentsPath, { 'content-type': MULTIPART });
    second.call.end(Buffer.concat([partHead('second.pdf'), partEnd]));
    const refused = await second.answer;
    expect({ status: refused.status, code: refused.body?.error?.code }).toEqual({
      status: 429,
      code: 'upload_in_progress',
    });
    first.call.end(partEnd);
    expect((await first.answer).status).toBe(201);
    const third = post(admin, attachmentsPath, { 'content-type': MULTIPART });
    third.call.end(Buffer.concat([partHead('third.pdf'), partEnd]));
    expect((await third.answer).status).toBe(201);
  });
});
