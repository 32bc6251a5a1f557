import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { unzip } from '@portal/files-service/testing/unzip';
import { testBackends } from '@portal/kit/testing/backends';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@portal/contracts/http';
import type { HttpSession } from '@portal/kit/testing/http-session';
import { publishedCourse, startTestPortal, type TestPortal } from './harness.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

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

  it('when a person reads their export, then a README in their language explains each file, names and titles stand beside ids, and their uploaded results are in it', async () => {
    const employee = await portal.employee();
    const admin = await portal.admin();
    expect((await employee.post('/api/user/set-language?requestedLanguage=DE')).status).toBe(200);
    // The session follows the stored account, as when the portal is opened again.
    expect((await employee.get('/api/auth/check-login-status')).body).toMatchObject({ language: 'de' });
    const group = await admin.post('/api/admin/groups', { name: 'Export team' });
    await admin.post(`/api/admin/groups/${group.body.id}/members`, { userIds: [employee.userId] });
    const category = await admin.post('/api/categories', { name: `Export ${employee.userId}` });
    const course = await admin.post('/api/courses', {
      categoryIds: [category.body.id],
      title: 'Proof course',
      description: '<p>Proof course</p>',
      isPublished: true,
      completionProof: 'upload',
    });
    expect(course.status).toBe(201);
    const courseId = course.body.id as string;
    expect((await employee.post(`/api/courses/register-for-course?courseId=${courseId}`)).status).toBe(200);
    const scan = Buffer.concat([PNG_SIGNATURE, Buffer.from('the scan')]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(scan)], { type: 'image/png' }), '../scan:1.png');
    const uploaded = await fetch(new URL(`/api/courses/${courseId}/result`, employee.baseUrl), {
      method: 'POST',
      headers: { cookie: employee.cookieHeader, [CSRF_HEADER]: CSRF_HEADER_VALUE },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const resultId = ((await uploaded.json()) as { id: string }).id;

    const answer = await download(employee, '/api/user/export');
    expect(answer.status).toBe(200);
    const files = await unzip(answer.bytes);
    const readme = files.get('README.txt')?.toString() ?? '';
    expect(readme).toMatch(/^Ihre Daten aus dem Kursportal\n/);
    expect(readme).toContain('auth/group_members.csv: Die Gruppen, denen Sie angehören');
    expect(readme).toContain('courses/results/: Die Dateien, die Sie als Nachweis hochgeladen haben');
    const auth = JSON.parse(files.get('auth.json')!.toString());
    expect(auth.group_members).toEqual([
      expect.objectContaining({ group_id: group.body.id, group_name: 'Export team', user_id: employee.userId }),
    ]);
    const courses = JSON.parse(files.get('courses.json')!.toString());
    expect(courses.participations).toEqual([
      expect.objectContaining({ course_id: courseId, course_title: 'Proof course' }),
    ]);
    expect(courses.course_results).toEqual([
      expect.objectContaining({ id: resultId, course_title: 'Proof course', status: 'pending' }),
    ]);
    expect(files.get(`courses/results/${resultId}-scan_1.png`)).toEqual(scan);
    expect([...files.keys()].filter((name) => name.includes('..') && !name.startsWith('courses/results/'))).toEqual([]);
  });

  it('when a visitor asks for an export, then it is refused', async () => {
    expect((await download(portal.session(), '/api/user/export')).status).toBe(401);
  });
});
