import { describe, expect, it } from '@jest/globals';
import { API_CALLS } from './api-calls.ts';
import { createApiClient, createCallTableClient } from './api-client.ts';
import { API_ROUTES } from './api-routes.ts';
import { ApiError } from './errors.ts';
import { QUIZ_CALLS } from './quiz-calls.ts';
import { TRAINING_CALLS } from './training-calls.ts';

type Call = { url: string; init: RequestInit };

function clientAnswering(status: number, body: unknown, headers: Record<string, string> = {}) {
  const calls: Call[] = [];
  const client = createApiClient({
    baseUrl: 'http://portal.test',
    fetch: async (url, init) => {
      calls.push({ url: String(url), init: init ?? {} });
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', ...headers },
      });
    },
  });
  return { client, calls };
}

const COURSE_ID = '0b9a3f52-8f0e-4c4a-9a55-2f7f3c1e9d10';

/** What the server answers for an uploaded file. */
const storedFile = () => ({
  id: '5c7e0a1d-2b3c-4d5e-8f90-a1b2c3d4e5f6',
  fileName: 'notes.txt',
  fileSize: 5,
  fileType: 'text/plain',
  uploadedAt: new Date().toISOString(),
  courseId: COURSE_ID,
});

describe('the API client', () => {
  it('when it calls the API, then it sends the CSRF header and same-origin credentials', async () => {
    const { client, calls } = clientAnswering(200, { message: 'Signed out' });
    await client.logout();
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(calls[0]!.init.credentials).toBe('same-origin');
    expect(calls[0]!.init.method).toBe('POST');
  });

  it('when the answer is an error, then it throws ApiError with the status, code and field issues', async () => {
    const { client } = clientAnswering(400, {
      error: {
        code: 'validation_failed',
        message: 'The request is not valid',
        issues: [{ path: 'email', code: 'email_invalid' }],
      },
    });
    const error = await client
      .register({ body: { email: 'x', password: 'y', name: 'z' } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      issues: [{ path: 'email', code: 'email_invalid' }],
    });
    expect((error as ApiError).message).toBe('Bad Request');
  });

  it('when the status has no default text, then the message is the generic one of spec §8', async () => {
    const { client } = clientAnswering(418, 'teapot');
    const error = (await client.checkLoginStatus().catch((caught: unknown) => caught)) as ApiError;
    expect(error.message).toBe('Generic Error: 418; ; teapot');
    expect(error.code).toBe('bad_request');
  });

  it('when a text file is sent to a textBody call, then it goes as it is under its type with the query', async () => {
    const { client, calls } = clientAnswering(200, { questions: [], errors: [] });
    const file = new Blob(['::Q1:: 2+2 {=4 ~5}'], { type: 'text/plain' });
    const result = await client.sendText(
      QUIZ_CALLS.importQuestions,
      { params: { id: COURSE_ID }, query: { format: 'gift', dryRun: 'true' } },
      file,
    );
    expect(result).toEqual({ questions: [], errors: [] });
    expect(calls[0]!.url).toBe(`http://portal.test/api/courses/${COURSE_ID}/questions/import?format=gift&dryRun=true`);
    expect(calls[0]!.init.body).toBe(file);
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('text/plain');
  });

  it('when a page of courses is asked for, then the query is sent and X-Total-Count read', async () => {
    const { client, calls } = clientAnswering(200, [], { 'X-Total-Count': '123' });
    const page = await client.listCourses({ query: { published: 'true', q: 'café', limit: 24, offset: 48 } });
    expect(page.total).toBe(123);
    expect(calls[0]!.url).toBe('http://portal.test/api/courses?published=true&q=caf%C3%A9&limit=24&offset=48');
  });

  it('when a call has a path parameter, then it is encoded into the path and the answer checked by the schema', async () => {
    const { client, calls } = clientAnswering(200, { message: 'Deleted' });
    await expect(client.deleteCourse({ params: { id: 'a/b' } })).resolves.toEqual({ message: 'Deleted' });
    expect(calls[0]!.url).toBe('http://portal.test/api/courses/a%2Fb');
    expect(calls[0]!.init.method).toBe('DELETE');
    const { client: other } = clientAnswering(200, { unexpected: true });
    await expect(other.deleteCourse({ params: { id: COURSE_ID } })).rejects.toThrow();
  });

  it('when a download is linked, then its address is made from the route with its parameters', () => {
    const { client } = clientAnswering(200, null);
    expect(client.href('downloadCourseFiles', { params: { courseId: COURSE_ID } })).toBe(
      `http://portal.test/api/files/course/${COURSE_ID}/files/download`,
    );
  });

  it('when the client is made, then every JSON call of API_CALLS is a method and the route table documents each call', () => {
    const { client } = clientAnswering(200, null);
    const documented = new Set(API_ROUTES.map((route) => `${route.method} ${route.path}`));
    for (const [name, call] of Object.entries(API_CALLS)) {
      expect(documented).toContain(`${call.method} ${call.path}`);
      if ('response' in call && !('upload' in call)) expect(typeof (client as any)[name]).toBe('function');
    }
  });

  it('when a client is made from another call table, then its calls go through the shared transport and each is documented', async () => {
    const { client, calls } = clientAnswering(200, [], { 'X-Total-Count': '7' });
    const training = createCallTableClient(TRAINING_CALLS, client);
    const page = await training.completionReport({ query: { courseId: COURSE_ID, status: 'overdue', limit: 50 } });
    expect(page).toEqual({ items: [], total: 7 });
    expect(calls[0]!.url).toBe(
      `http://portal.test/api/reports/completions?courseId=${COURSE_ID}&status=overdue&limit=50`,
    );
    expect((calls[0]!.init.headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest');
    expect(training.href('completionReport', { query: { courseId: COURSE_ID, format: 'csv' } })).toBe(
      `http://portal.test/api/reports/completions?courseId=${COURSE_ID}&format=csv`,
    );
    expect('completionReport' in client).toBe(false);
    const documented = new Set(API_ROUTES.map((route) => `${route.method} ${route.path}`));
    for (const [name, call] of Object.entries(TRAINING_CALLS)) {
      if (name !== 'listGroups') expect(documented).toContain(`${call.method} ${call.path}`);
    }
  });

  it('when a file is uploaded outside a browser, then it is sent as multipart with the CSRF header', async () => {
    const record = storedFile();
    const { client, calls } = clientAnswering(201, record);
    const progress: number[] = [];
    const stored = await client.uploadFile(COURSE_ID, new Blob(['hello']), 'notes.txt', (percent) =>
      progress.push(percent),
    );
    expect(stored).toEqual(record);
    expect(progress).toEqual([100]);
    expect(calls[0]!.url).toBe(`http://portal.test/api/files/upload?courseId=${COURSE_ID}`);
    expect(calls[0]!.init.body).toBeInstanceOf(FormData);
    expect((calls[0]!.init.headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest');
  });

  describe('when the session has ended (401 unauthorized)', () => {
    const ended = { error: { code: 'unauthorized', message: 'Not signed in' } };
    const signedOut = { message: 'Signed out' };

    function clientWhoseSessionEnds() {
      const answers = [
        new Response(JSON.stringify(ended), { status: 401, headers: { 'content-type': 'application/json' } }),
      ];
      const calls: string[] = [];
      const client = createApiClient({
        fetch: async (url) => {
          calls.push(String(url));
          return (
            answers.shift() ??
            new Response(JSON.stringify(signedOut), { status: 200, headers: { 'content-type': 'application/json' } })
          );
        },
      });
      return { client, calls };
    }

    it('when the user signs in again, then the call is sent again and answers', async () => {
      const { client, calls } = clientWhoseSessionEnds();
      let asked = 0;
      client.onSessionEnded(async () => {
        asked += 1;
        return true;
      });
      await expect(client.logout()).resolves.toEqual(signedOut);
      expect(asked).toBe(1);
      expect(calls).toHaveLength(2);
    });

    it('when a call answers, then the answer listener is told, and not for the 401', async () => {
      const { client } = clientWhoseSessionEnds();
      let answers = 0;
      client.onAnswer(() => (answers += 1));
      client.onSessionEnded(async () => true);
      await client.logout();
      expect(answers).toBe(1);
    });

    it('when the user does not sign in, then the call fails with its 401', async () => {
      const { client, calls } = clientWhoseSessionEnds();
      client.onSessionEnded(async () => false);
      await expect(client.logout()).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
      expect(calls).toHaveLength(1);
    });

    it('when an upload finds the session ended, then it is sent again after sign-in', async () => {
      const stored = storedFile();
      const answers = [
        new Response(JSON.stringify(ended), { status: 401, headers: { 'content-type': 'application/json' } }),
        new Response(JSON.stringify(stored), { status: 201, headers: { 'content-type': 'application/json' } }),
      ];
      let sent = 0;
      const client = createApiClient({
        fetch: async () => {
          sent += 1;
          return answers.shift() ?? new Response(null, { status: 500 });
        },
      });
      client.onSessionEnded(async () => true);
      await expect(client.uploadFile(COURSE_ID, new Blob(['hello']), 'notes.txt')).resolves.toEqual(stored);
      expect(sent).toBe(2);
    });

    it('when a login is refused (invalid_credentials), then no sign-in is asked for', async () => {
      const { client } = clientAnswering(401, { error: { code: 'invalid_credentials', message: 'wrong' } });
      let asked = false;
      client.onSessionEnded(async () => (asked = true));
      await expect(client.login({ body: { email: 'a@b.ch', password: 'x' } })).rejects.toMatchObject({ status: 401 });
      expect(asked).toBe(false);
    });
  });
});
