import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testBackends } from '@portal/kit/testing/backends';
import { startTestPortal, type TestPortal } from './harness.ts';

describe.each(testBackends())('assignments and reports through the gateway on $name', (backend) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(backend);
  });
  afterAll(() => portal?.stop());

  it('when an employee asks for their assignments, then the training service answers; its administration is refused', async () => {
    const employee = await portal.employee();
    const mine = await employee.get('/api/assignments/mine');
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([]);
    const assign = { courseId: randomUUID(), userIds: [employee.userId], mandatory: true };
    expect((await employee.post('/api/assignments', assign)).status).toBe(403);
    expect((await employee.get('/api/reports/completions?format=csv')).status).toBe(403);
    expect((await employee.request('DELETE', `/api/assignments/${randomUUID()}`)).status).toBe(403);
  });

  it('when an administrator assigns a course the training service does not know, then it answers 422 course_unknown', async () => {
    const admin = await portal.admin();
    const answer = await admin.post('/api/assignments', {
      courseId: randomUUID(),
      userIds: [randomUUID()],
      mandatory: true,
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe('course_unknown');
    expect(
      (await admin.post('/api/assignments', { courseId: randomUUID(), mandatory: true }, { csrf: false })).status,
    ).toBe(403);
  });

  it('when an administrator exports the report, then a CSV comes through with headers in their language', async () => {
    const admin = await portal.admin();
    const csv = await admin.get('/api/reports/completions?format=csv&lang=it');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="completions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(csv.text.trim()).toBe(
      'Nome;E-mail;Account;Gruppi;Corso;Obbligatorio;Stato;Assegnato il;Scadenza;Iniziato il;Completato il;Punteggio (%);Tentativi usati;Superato il',
    );
    const page = await admin.get('/api/reports/completions');
    expect(page.headers.get('x-total-count')).toBe('0');
  });
});
