import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@portal/contracts/events';
import { IDENTITY_HEADER, type Identity, signIdentity } from '@portal/kit/identity';
import { testBackends } from '@portal/kit/testing/backends';
import { componentSetup, signedCaller, TEST_SECRET } from '@portal/kit/testing/component';
import { sql } from 'kysely';
import { startQuizzesService } from '../src/app.ts';
import { loadQuizzesConfig } from '../src/config.ts';

const ADMIN: Omit<Identity, 'exp'> = { sub: randomUUID(), admin: true, lang: 'en' };
const SYSTEM = { sub: null, admin: false, lang: 'en' } as const;

const GIFT = `// Moodle's documented examples, and one of each type the bank has
$CATEGORY: $course$/Fire safety

::Grants tomb::Who's buried in Grant's tomb?{~Grant =no one #Right. ~Napoleon}

What two people are entombed in Grant's tomb? {
   ~%-100%No one
   ~%50%Grant
   ~%50%Grant's wife
####Both of them.
}

Grant is buried in Grant's tomb.{F#No, he is.#Right.}

Who's buried in Grant's tomb?{=no one =nobody}

Order the steps. {
=Raise the alarm -> 1
=Leave the building -> 2
}
`;

describe.each(testBackends())('importing and exporting questions on $name', (backend) => {
  let setup: Awaited<ReturnType<typeof componentSetup>>;
  let service: Awaited<ReturnType<typeof startQuizzesService>>;
  const admin = () => signedCaller(service.url, ADMIN);

  /** A POST of a raw text body (the callers of the kit send JSON). */
  async function postText(path: string, text: string, identity = ADMIN, contentType = 'text/plain') {
    const url = new URL(path, service.url);
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        [IDENTITY_HEADER]: signIdentity(
          identity,
          { method: 'POST', path: `${url.pathname}${url.search}` },
          TEST_SECRET,
        ),
        'content-type': `${contentType}; charset=utf-8`,
      },
      body: text,
    });
    return { status: response.status, body: (await response.json()) as any };
  }
  const learner = { sub: randomUUID(), admin: false, lang: 'de' } as const;

  async function course() {
    const courseId = randomUUID();
    const payload = { courseId, titles: { en: 'Fire safety' }, defaultLanguage: 'en', completionProof: 'confirmation' };
    const published = await signedCaller(service.url, SYSTEM).post('/internal/events', {
      id: randomUUID(),
      topic: EVENTS.courseChanged,
      payload: { ...payload, published: true },
    });
    expect(published.status).toBe(200);
    return courseId;
  }
  const bankOf = async (courseId: string) =>
    ((await admin().get(`/api/courses/${courseId}/questions`)).body as { question: unknown }[]).map(
      ({ question }) => question,
    );

  beforeAll(async () => {
    setup = await componentSetup(backend, 'quizzes');
    service = await startQuizzesService(loadQuizzesConfig(setup.env));
  });

  afterAll(() => setup?.close(service));

  it('when a dry run imports a GIFT file, then every question is shown as parsed and nothing is stored', async () => {
    const courseId = await course();
    const answer = await postText(`/api/courses/${courseId}/questions/import?format=gift&dryRun=true`, GIFT);
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toEqual([]);
    expect(answer.body.questions.map((question: { type: string }) => question.type)).toEqual([
      'single',
      'multiple',
      'true_false',
      'short_answer',
      'ordering',
    ]);
    expect(answer.body.questions[0].tags).toEqual(['Fire safety']);
    expect(await bankOf(courseId)).toEqual([]);
  });

  it('when one line fails, then its translated error is given and nothing is stored', async () => {
    const courseId = await course();
    const answer = await postText(
      `/api/courses/${courseId}/questions/import?format=gift&dryRun=false`,
      `${GIFT}\nWrite an essay. {}\n`,
      { ...ADMIN, lang: 'fr' },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.questions).toHaveLength(5);
    expect(answer.body.errors).toEqual([
      { line: 22, code: 'gift_unsupported', message: expect.stringContaining('ne peut pas être importé') },
    ]);
    expect(await bankOf(courseId)).toEqual([]);
  });

  it('when a good file is imported, then all its questions are stored, and its export imports as the same bank', async () => {
    const courseId = await course();
    const imported = await postText(`/api/courses/${courseId}/questions/import?format=gift&dryRun=false`, GIFT);
    expect(imported.body.errors).toEqual([]);
    const bank = await bankOf(courseId);
    expect(bank).toEqual(imported.body.questions);

    const exported = await admin().get(`/api/courses/${courseId}/questions?format=gift&lang=en`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment/);

    const other = await course();
    const again = await postText(
      `/api/courses/${other}/questions/import?format=gift&dryRun=false`,
      exported.body as string,
    );
    expect(again.body.errors).toEqual([]);
    expect(await bankOf(other)).toEqual(bank);
  });

  it('when a CSV file from a spreadsheet is imported, then its questions are stored in each language it has', async () => {
    const courseId = await course();
    const csv =
      '\uFEFFtype;question_de;question_fr;answers_de;answers_fr;correct;tags\r\n' +
      'single;Wo ist der Ausgang?;Où est la sortie ?;Links|Rechts;À gauche|À droite;2;Brandschutz\r\n' +
      'true_false;Feuer ist heiss.;Le feu est chaud.;;;true;\r\n';
    const dryRun = await postText(`/api/courses/${courseId}/questions/import?format=csv`, csv, ADMIN, 'text/csv');
    expect(dryRun.status).toBe(200);
    expect(dryRun.body.errors).toEqual([]);
    expect(dryRun.body.questions).toHaveLength(2);
    expect(await bankOf(courseId)).toEqual([]);

    const stored = await postText(
      `/api/courses/${courseId}/questions/import?format=csv&dryRun=false`,
      csv,
      ADMIN,
      'text/csv',
    );
    expect(stored.body.errors).toEqual([]);
    const imports = await sql<{ payload: { action: string; details: unknown } }>`select payload from outbox
      where topic = ${EVENTS.auditRecorded} and payload->'object'->>'id' = ${courseId}`.execute(service.database.db);
    expect(imports.rows.map(({ payload }) => [payload.action, payload.details])).toEqual([
      ['question.imported', { format: 'csv', count: 2 }],
    ]);
    expect(await bankOf(courseId)).toEqual(dryRun.body.questions);
    expect(dryRun.body.questions[0]).toMatchObject({
      texts: { de: 'Wo ist der Ausgang?', fr: 'Où est la sortie ?' },
      tags: ['Brandschutz'],
      options: [{ weight: 0 }, { texts: { de: 'Rechts', fr: 'À droite' }, weight: 100 }],
    });
  });

  it('when a CSV row is wrong, then its translated error names the line and nothing is stored', async () => {
    const courseId = await course();
    const answer = await postText(
      `/api/courses/${courseId}/questions/import?format=csv&dryRun=false`,
      'type,question,answers,correct\ntrue_false,Fire is hot.,,true\nsingle,Which?,a|b,5\n',
      { ...ADMIN, lang: 'it' },
      'text/csv',
    );
    expect(answer.body.errors).toEqual([
      { line: 3, code: 'csv_correct_invalid', message: expect.stringContaining('La colonna correct non è adatta') },
    ]);
    expect(await bankOf(courseId)).toEqual([]);
  });

  it('when a body is over the import limit, then it is refused with 413 and nothing is stored', async () => {
    const courseId = await course();
    const tenMegabytes = `Big?{T}\n\n`.repeat(1024 * 1024);
    const answer = await postText(`/api/courses/${courseId}/questions/import?format=gift&dryRun=false`, tenMegabytes);
    expect(answer.status).toBe(413);
    expect(await bankOf(courseId)).toEqual([]);
  });

  it('when a question has 10,000 options, then the import answers its line error quickly and stores nothing', async () => {
    const courseId = await course();
    const options = Array.from({ length: 10_000 }, (_, index) => `~option ${index}`).join('\n');
    const started = performance.now();
    const answer = await postText(
      `/api/courses/${courseId}/questions/import?format=gift&dryRun=false`,
      `Too many {=right\n${options}\n}`,
    );
    expect(performance.now() - started).toBeLessThan(1000);
    expect(answer.body.errors).toEqual([
      { line: 1, code: 'options_count', message: 'A question has at most 50 answers.' },
    ]);
    expect(await bankOf(courseId)).toEqual([]);
  });

  it('when a learner imports, or the format is unknown, then it is refused', async () => {
    const courseId = await course();
    expect((await postText(`/api/courses/${courseId}/questions/import?format=gift`, GIFT, learner)).status).toBe(403);
    expect((await postText(`/api/courses/${courseId}/questions/import?format=xml`, GIFT)).status).toBe(400);
  });
});
