import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { unzip } from '@portal/files-service/testing/unzip';
import { testBackends } from '@portal/kit/testing/backends';
import type { HttpSession } from '@portal/kit/testing/http-session';
import { publishedCourse, startTestPortal, type TestPortal } from './harness.ts';

async function download(browser: HttpSession, path: string) {
  const response = await fetch(new URL(path, browser.baseUrl), { headers: { cookie: browser.cookieHeader } });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe.each(testBackends())('download my data on $name', (backend) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(backend);
  });
  afterAll(() => portal?.stop());

  it('when a person downloads their data, then every service’s part is in one ZIP as JSON and CSV, secrets left out', async () => {
    const employee = await portal.employee();
    const admin = await portal.admin();
    const { courseId } = await publishedCourse(admin, 'Exported course');
    expect((await employee.post(`/api/courses/register-for-course?courseId=${courseId}`)).status).toBe(200);
    await portal.relayEvents();
    // The sign-in reaches the audit trail through the auth service's outbox.
    const deadline = Date.now() + 15_000;
    let files = new Map<string, Buffer>();
    for (;;) {
      const answer = await download(employee, '/api/user/export');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/zip');
      expect(answer.headers.get('content-disposition')).toMatch(
        /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/,
      );
      files = await unzip(answer.bytes);
      const audit = JSON.parse(files.get('audit.json')?.toString() ?? '{}');
      if ((audit.audit_entries?.length ?? 0) > 0 || Date.now() > deadline) break;
      await portal.relayEvents();
    }
    const auth = JSON.parse(files.get('auth.json')!.toString());
    expect(auth.users).toEqual([expect.objectContaining({ id: employee.userId, name: 'Anna Muster' })]);
    expect(auth.users[0]).not.toHaveProperty('password_hash');
    const courses = JSON.parse(files.get('courses.json')!.toString());
    expect(courses.participations).toEqual([expect.objectContaining({ course_id: courseId })]);
    expect(JSON.parse(files.get('files.json')!.toString())).toEqual({});
    const audit = JSON.parse(files.get('audit.json')!.toString());
    expect(audit.audit_entries.map((entry: { action: string }) => entry.action)).toContain('user.registered');
    const usersCsv = files.get('auth/users.csv')!;
    expect([...usersCsv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(usersCsv.toString()).toContain(employee.userId);
    expect(files.get('courses/participations.csv')?.toString()).toContain(courseId);
  });

  it('when a visitor asks for an export, then it is refused', async () => {
    expect((await download(portal.session(), '/api/user/export')).status).toBe(401);
  });
});
