import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@portal/contracts/events';
import type { Language } from '@portal/contracts/languages';
import { createLogger } from '@portal/kit/logger';
import { createMailer } from '@portal/kit/mailer';
import { testBackends } from '@portal/kit/testing/backends';
import { componentSetup, signedCaller } from '@portal/kit/testing/component';
import { sql } from 'kysely';
import PgBoss from 'pg-boss';
import { SMTPServer } from 'smtp-server';
import { startTrainingService } from '../src/app.ts';
import { loadTrainingConfig } from '../src/config.ts';
import { reminders } from '../src/domain/reminders.ts';
import { DIGEST_JOB, REMINDER_PASS_JOB } from '../src/entry-points/jobs/reminder-jobs.ts';

const DAY = 24 * 60 * 60_000;
const ADMIN = { sub: randomUUID(), admin: true, lang: 'en' } as const;
const SYSTEM = { sub: null, admin: false, lang: 'en' } as const;
const PUBLIC_URL = 'https://portal.example.ch';
/** Never while the suite runs: the tests run the pass themselves, or send its job. */
const NEVER = '0 0 1 1 *';

interface CapturedMail {
  to: string;
  subject: string;
  body: string;
}

/** Encoded words (RFC 2047) of a header, as nodemailer writes them, back to text. */
function decodeHeader(value: string) {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_match, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** The subject and the plain-text part of a raw message, quoted-printable undone. */
function parse(raw: string): Omit<CapturedMail, 'to'> {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const subjectLine = head
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)
    .find((line) => line.toLowerCase().startsWith('subject:'));
  const body = Buffer.from(
    rest
      .join('\n\n')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))),
    'latin1',
  ).toString('utf8');
  return { subject: decodeHeader(subjectLine?.slice('subject:'.length).trim() ?? ''), body };
}

/** A real SMTP server: every message lands here; addresses in `refused` are refused (a failing send). */
async function startMailCatcher() {
  const mails: CapturedMail[] = [];
  const waiting: { to: string; resolve: (mail: CapturedMail) => void }[] = [];
  const refused = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      callback(refused.has(address.address) ? new Error('mailbox unavailable') : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(',');
        const mail = { to, ...parse(Buffer.concat(chunks).toString('latin1')) };
        mails.push(mail);
        const index = waiting.findIndex((waiter) => waiter.to === to);
        if (index >= 0) waiting.splice(index, 1)[0]?.resolve(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    refused,
    to: (email: string) => mails.filter((mail) => mail.to === email),
    subjectsTo: (email: string) => mails.filter((mail) => mail.to === email).map((mail) => mail.subject),
    next: (to: string) => new Promise<CapturedMail>((resolve) => waiting.push({ to, resolve })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testBackends())('reminders of the training service on $name', (backend) => {
  let setup: Awaited<ReturnType<typeof componentSetup>>;
  let smtp: Awaited<ReturnType<typeof startMailCatcher>>;
  let service: Awaited<ReturnType<typeof startTrainingService>>;
  let pass: ReturnType<typeof reminders>;
  let clock = new Date('2026-03-02T09:00:00.000Z');
  const admin = () => signedCaller(service.url, ADMIN);
  const publish = (topic: string, payload: unknown) =>
    signedCaller(service.url, SYSTEM).post('/internal/events', { id: randomUUID(), topic, payload });
  const env = () => ({
    ...setup.env,
    SMTP_URL: smtp.url,
    PUBLIC_URL,
    REMINDER_SCHEDULE: NEVER,
    DIGEST_SCHEDULE: NEVER,
    REMINDER_TIME_ZONE: 'Europe/Zurich',
  });
  /** The reminders of one instance: its database, the SMTP mailer, the service's settings. */
  const remindersOf = (instance: typeof service) => {
    const config = loadTrainingConfig(env());
    const logger = createLogger('training-test', 'silent');
    return reminders({
      database: instance.database,
      logger,
      mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: setup.env.DATA_DIR, logger }),
      publicUrl: config.PUBLIC_URL,
      dueSoonDays: config.REMINDER_DUE_SOON_DAYS,
      timeZone: config.REMINDER_TIME_ZONE,
    });
  };

  async function person(
    name: string,
    options: { language?: Language; status?: string; isSysAdmin?: boolean } = {},
  ): Promise<{ userId: string; email: string }> {
    const userId = randomUUID();
    const email = `${name.toLowerCase().replace(/\W/g, '.')}.${userId.slice(0, 8)}@example.ch`;
    const answer = await publish(EVENTS.userChanged, {
      userId,
      name,
      email,
      language: options.language ?? 'en',
      status: options.status ?? 'active',
      isSysAdmin: options.isSysAdmin ?? false,
    });
    expect(answer.status).toBe(200);
    return { userId, email };
  }
  async function group(...members: { userId: string }[]) {
    const groupId = randomUUID();
    await publish(EVENTS.groupChanged, { groupId, name: `Group ${groupId.slice(0, 4)}` });
    for (const { userId } of members) await join(groupId, userId);
    return groupId;
  }
  const join = (groupId: string, userId: string) =>
    publish(EVENTS.groupMemberAdded, { groupId, userId, joinedAt: clock.toISOString() });
  async function course(titles: Partial<Record<Language, string>>) {
    const courseId = randomUUID();
    await publish(EVENTS.courseChanged, {
      courseId,
      titles,
      defaultLanguage: 'en',
      published: true,
      completionProof: 'confirmation',
    });
    return courseId;
  }
  async function assign(body: Record<string, unknown>) {
    const answer = await admin().post('/api/assignments', body);
    expect(answer.status).toBe(201);
  }
  const complete = (userId: string, courseId: string) =>
    publish(EVENTS.completionRecorded, { userId, courseId, completedAt: clock.toISOString() });
  const at = (time: number) => {
    clock = new Date(time);
  };
  const run = () => pass.sendDueReminders(clock);

  beforeAll(async () => {
    setup = await componentSetup(backend, 'training');
    smtp = await startMailCatcher();
    service = await startTrainingService(loadTrainingConfig(env()), {
      now: () => clock,
      jobPollingSeconds: 0.5,
      passAfterAssignment: false,
    });
    pass = remindersOf(service);
  });

  afterAll(async () => {
    await setup?.close(service);
    await smtp?.close();
  });

  it('when a course is assigned by person and by group, then each gets one mail per step in their language, the last pass none', async () => {
    const start = clock.getTime();
    const francoise = await person('Françoise Dubois', { language: 'fr' });
    const ursina = await person('Ursina Caduff', { language: 'rm' });
    const gion = await person('Gion Deplazes', { language: 'de' });
    const pending = await person('Pia Pending', { status: 'pending' });
    const gone = await person('Dario Deactivated', { status: 'deactivated' });
    const team = await group(ursina, gion, pending, gone);
    const courseId = await course({
      en: 'Fire safety',
      fr: 'Sécurité incendie',
      de: 'Brandschutz',
      rm: 'Protecziun cunter fieu',
    });
    const unpublished = await course({ en: 'Unpublished course' });
    await assign({ courseId, userIds: [francoise.userId], groupIds: [team], dueInDays: 14, mandatory: true });
    await assign({ courseId: unpublished, userIds: [francoise.userId], dueInDays: 14, mandatory: true });
    await publish(EVENTS.courseChanged, {
      courseId: unpublished,
      titles: { en: 'Unpublished course' },
      defaultLanguage: 'en',
      published: false,
      completionProof: 'confirmation',
    });

    await run();
    const [assigned] = smtp.to(francoise.email);
    expect(smtp.subjectsTo(francoise.email)).toEqual(['Nouveau cours pour vous : Sécurité incendie']);
    expect(assigned?.body).toContain('Bonjour Françoise Dubois,');
    expect(assigned?.body).toContain('Ce cours est obligatoire. Il est à terminer d’ici le 16 mars 2026.');
    expect(assigned?.body).toContain(`${PUBLIC_URL}/course/${courseId}`);
    expect(smtp.subjectsTo(ursina.email)).toEqual(['Nov curs per Vus: Protecziun cunter fieu']);
    expect(smtp.to(ursina.email)[0]?.body).toContain('Quest curs è obligatoric.');
    expect(smtp.subjectsTo(gion.email)).toEqual(['Neuer Kurs für Sie: Brandschutz']);
    expect(smtp.to(pending.email)).toEqual([]);
    expect(smtp.to(gone.email)).toEqual([]);
    expect(await run()).toEqual({ sent: 0, failed: 0 });

    at(start + 8 * DAY);
    await run();
    await run();
    expect(smtp.subjectsTo(francoise.email)).toEqual([
      'Nouveau cours pour vous : Sécurité incendie',
      'À terminer d’ici le 16 mars 2026 : Sécurité incendie',
    ]);
    expect(smtp.subjectsTo(ursina.email).at(-1)).toBe('Da terminar fin ils 16 da mars 2026: Protecziun cunter fieu');

    at(start + 15 * DAY);
    await run();
    expect(await run()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.subjectsTo(francoise.email)).toHaveLength(3);
    expect(smtp.subjectsTo(francoise.email).at(-1)).toBe('En retard : Sécurité incendie');
    expect(smtp.subjectsTo(gion.email)).toEqual([
      'Neuer Kurs für Sie: Brandschutz',
      'Fällig am 16. März 2026: Brandschutz',
      'Überfällig: Brandschutz',
    ]);
    expect(smtp.to(pending.email)).toEqual([]);
    expect(smtp.to(gone.email)).toEqual([]);
  });

  it('when someone joins the group later, then they get the assignment’s mail; a completion stops further mails', async () => {
    const start = clock.getTime();
    const early = await person('Ada Early');
    const late = await person('Lou Late');
    const team = await group(early);
    const courseId = await course({ en: 'Data protection' });
    await assign({ courseId, groupIds: [team], dueInDays: 10, mandatory: false });
    await run();
    expect(smtp.subjectsTo(early.email)).toEqual(['New course for you: Data protection']);
    expect(smtp.to(early.email)[0]?.body).toContain('This course is recommended.');

    at(start + DAY);
    await join(team, late.userId);
    await run();
    expect(smtp.subjectsTo(late.email)).toEqual(['New course for you: Data protection']);

    at(start + 2 * DAY);
    await complete(early.userId, courseId);
    at(start + 5 * DAY);
    await run();
    at(start + 12 * DAY);
    await run();
    expect(smtp.subjectsTo(early.email)).toHaveLength(1);
    expect(smtp.subjectsTo(late.email)).toEqual([
      'New course for you: Data protection',
      `Due on ${new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'Europe/Zurich' }).format(start + 11 * DAY)}: Data protection`,
      'Overdue: Data protection',
    ]);
  });

  it('when a course reaches someone through two assignments, then the mails go once, for the earlier due date', async () => {
    const start = clock.getTime();
    const twice = await person('Tina Twice');
    const courseId = await course({ en: 'Anti-bribery' });
    await assign({ courseId, groupIds: [await group(twice)], dueInDays: 20, mandatory: false });
    await assign({ courseId, userIds: [twice.userId], dueInDays: 10, mandatory: true });
    await run();
    at(start + 4 * DAY);
    await run();
    at(start + 21 * DAY);
    await run();
    const due = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'Europe/Zurich' }).format(
      start + 10 * DAY,
    );
    expect(smtp.subjectsTo(twice.email)).toEqual([
      'New course for you: Anti-bribery',
      `Due on ${due}: Anti-bribery`,
      'Overdue: Anti-bribery',
    ]);
    expect(smtp.to(twice.email)[0]?.body).toContain(`This course is mandatory. It is due on ${due}.`);
  });

  it('when a recurring course’s completion expires, then the next cycle reminds again, once each', async () => {
    const start = clock.getTime();
    const learner = await person('Rita Recurring', { language: 'it' });
    const courseId = await course({ en: 'First aid', it: 'Primo soccorso' });
    await assign({ courseId, userIds: [learner.userId], dueInDays: 14, recurEveryMonths: 12, mandatory: true });
    await run();
    at(start + 5 * DAY);
    await complete(learner.userId, courseId);
    const completedAt = clock.getTime();
    at(start + 20 * DAY);
    await run();
    expect(smtp.subjectsTo(learner.email)).toEqual(['Nuovo corso per te: Primo soccorso']);

    const dueAgain = new Date(completedAt);
    dueAgain.setUTCFullYear(dueAgain.getUTCFullYear() + 1);
    at(dueAgain.getTime() - 6 * DAY);
    await run();
    await run();
    expect(smtp.subjectsTo(learner.email)).toEqual([
      'Nuovo corso per te: Primo soccorso',
      'Da ripetere: Primo soccorso',
    ]);
    const date = new Intl.DateTimeFormat('it', { dateStyle: 'long', timeZone: 'Europe/Zurich' }).format(dueAgain);
    expect(smtp.to(learner.email)[1]?.body).toContain(`il corso va ripetuto entro il ${date}`);

    at(dueAgain.getTime() + DAY);
    await run();
    await run();
    expect(smtp.subjectsTo(learner.email)).toEqual([
      'Nuovo corso per te: Primo soccorso',
      'Da ripetere: Primo soccorso',
      'In ritardo: Primo soccorso',
    ]);
  });

  it('when two instances run the pass at once, then each mail goes once', async () => {
    // Two instances on one PostgreSQL; PGlite is one process's database, so there two passes share it.
    const second = setup.env.DATABASE_URL
      ? await startTrainingService(loadTrainingConfig(env()), { now: () => clock })
      : undefined;
    try {
      const people = await Promise.all(Array.from({ length: 12 }, (_, index) => person(`Concurrent ${index}`)));
      const courseId = await course({ en: 'Ethics' });
      await assign({ courseId, userIds: people.map((one) => one.userId), dueInDays: 30, mandatory: true });
      const outcomes = await Promise.all([run(), remindersOf(second ?? service).sendDueReminders(clock), run()]);
      expect(outcomes.reduce((sum, outcome) => sum + outcome.sent, 0)).toBe(12);
      for (const one of people) expect(smtp.subjectsTo(one.email)).toEqual(['New course for you: Ethics']);
    } finally {
      await second?.stop();
    }
  });

  it('when a mail cannot be sent, then its claim is given back and the next pass sends it', async () => {
    const bounced = await person('Bruno Bounce');
    smtp.refused.add(bounced.email);
    await assign({ courseId: await course({ en: 'Hygiene' }), userIds: [bounced.userId], mandatory: true });
    expect(await run()).toEqual({ sent: 0, failed: 1 });
    const claims = await service.database.db
      .selectFrom('reminders_sent')
      .select('kind')
      .where('user_id', '=', bounced.userId)
      .execute();
    expect(claims).toEqual([]);
    smtp.refused.delete(bounced.email);
    expect(await run()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.subjectsTo(bounced.email)).toEqual(['New course for you: Hygiene']);
  });

  it('when a result is reviewed, then its learner gets one mail in their language, with the reason when it is rejected', async () => {
    const gion = await person('Gion Deplazes', { language: 'de' });
    const ada = await person('Ada Lovelace');
    const gone = await person('Dario Deactivated', { status: 'deactivated' });
    const courseId = await course({ en: 'First aid', de: 'Erste Hilfe' });
    const review = (userId: string, decision: 'approved' | 'rejected', comment: string | null) => {
      const event = { resultId: randomUUID(), courseId, userId, decision, comment, reviewedAt: clock.toISOString() };
      return publish(EVENTS.resultReviewed, event).then(() => event);
    };
    const rejected = await review(gion.userId, 'rejected', 'Der Scan ist unleserlich.');
    await review(ada.userId, 'approved', null);
    await review(gone.userId, 'approved', null);
    await publish(EVENTS.resultReviewed, rejected);

    expect(await pass.sendResultMails(clock)).toEqual({ sent: 2, failed: 0 });
    expect(await pass.sendResultMails(clock)).toEqual({ sent: 0, failed: 0 });
    expect(smtp.subjectsTo(gion.email)).toEqual(['Nachweis nicht angenommen: Erste Hilfe']);
    expect(smtp.to(gion.email)[0]?.body).toContain('Begründung der Prüfung: Der Scan ist unleserlich.');
    expect(smtp.to(gion.email)[0]?.body).toContain(`${PUBLIC_URL}/course/${courseId}`);
    expect(smtp.subjectsTo(ada.email)).toEqual(['Result approved: First aid']);
    expect(smtp.to(ada.email)[0]?.body).not.toContain('reason');
    expect(smtp.to(gone.email)).toEqual([]);
  });

  it('when a person exports their data, then their reminders name the course and the new-assignment mail has no stand-in due date', async () => {
    const reader = await person('Rita Reader', { language: 'de' });
    const courseId = await course({ en: 'Ladders', de: 'Leitern' });
    await assign({ courseId, userIds: [reader.userId], mandatory: true });
    await run();
    const answer = await signedCaller(service.url, { sub: reader.userId, admin: false, lang: 'de' }).get(
      `/internal/personal-data/${reader.userId}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.tables.reminders_sent).toEqual([
      expect.objectContaining({ kind: 'assigned', cycle_due_at: null, course_title: 'Leitern' }),
    ]);
    expect(answer.body.about.reminders_sent).toMatch(/^Ihnen gesendete Erinnerungen/);
  });

  it('when a result’s mail cannot be sent, then the next pass sends it', async () => {
    const bounced = await person('Bea Bounce');
    smtp.refused.add(bounced.email);
    const courseId = await course({ en: 'Ladders' });
    const event = {
      resultId: randomUUID(),
      courseId,
      userId: bounced.userId,
      decision: 'approved',
      comment: null,
      reviewedAt: clock.toISOString(),
    };
    await publish(EVENTS.resultReviewed, event);
    expect(await pass.sendResultMails(clock)).toEqual({ sent: 0, failed: 1 });
    smtp.refused.delete(bounced.email);
    expect(await pass.sendResultMails(clock)).toEqual({ sent: 1, failed: 0 });
    expect(smtp.subjectsTo(bounced.email)).toEqual(['Result approved: Ladders']);
  });

  it('when the digest runs, then only active system administrators get what is overdue, per course, once a day', async () => {
    const start = clock.getTime();
    const chief = await person('Chiara Chief', { language: 'it', isSysAdmin: true });
    const former = await person('Fabio Former', { isSysAdmin: true, status: 'deactivated' });
    const employee = await person('Elena Employee');
    const late = await Promise.all(['Zora Zimmer', 'Anna Aebi', 'Anna Aebi'].map((name) => person(name)));
    const courseId = await course({ en: 'Security basics', it: 'Sicurezza di base' });
    await assign({ courseId, userIds: late.map((one) => one.userId), dueInDays: 3, mandatory: true });
    at(start + 4 * DAY);

    const outcome = await pass.sendDigest(clock);
    expect(outcome.failed).toBe(0);
    expect(smtp.to(former.email)).toEqual([]);
    expect(smtp.to(employee.email)).toEqual([]);
    const [digest] = smtp.to(chief.email);
    expect(digest?.subject).toMatch(/^Formazioni in ritardo: \d+ cors[oi]$/);
    expect(digest?.body).toContain('Buongiorno Chiara Chief,');
    expect(digest?.body).toContain('• Sicurezza di base: 3 persone in ritardo (Anna, Anna e Zora)');
    expect(digest?.body).toContain(`${PUBLIC_URL}/admin/reports`);
    expect(await pass.sendDigest(clock)).toEqual({ sent: 0, failed: 0 });
    expect(smtp.to(chief.email)).toHaveLength(1);
  });

  it('when results wait for review and nothing is overdue, then the administrators’ digest says how many, in their language', async () => {
    const reviewer = await person('Rut Reviewer', { language: 'rm', isSysAdmin: true });
    const learner = await person('Lia Learner');
    const courseId = await course({ en: 'Ladders' });
    const upload = async () => {
      const event = { resultId: randomUUID(), courseId, userId: learner.userId, uploadedAt: clock.toISOString() };
      await publish(EVENTS.resultUploaded, event);
      return event;
    };
    const [first, , discarded] = [await upload(), await upload(), await upload(), await upload()];
    await publish(EVENTS.resultUploaded, first);
    await publish(EVENTS.resultDiscarded, { resultId: discarded?.resultId });
    await publish(EVENTS.resultReviewed, {
      resultId: first?.resultId,
      courseId,
      userId: learner.userId,
      decision: 'approved',
      comment: null,
      reviewedAt: clock.toISOString(),
    });
    // A day before any assignment of this suite was made: nothing is overdue then.
    const beforeAnyAssignment = new Date('2026-01-05T06:00:00.000Z');

    expect((await pass.sendDigest(beforeAnyAssignment)).failed).toBe(0);
    const [digest] = smtp.to(reviewer.email);
    expect(digest?.subject).toBe('Resultats da verifitgar: 2 spetgan');
    expect(digest?.body).toContain(`2 resultats chargiads spetgan da vegnir verifitgads: ${PUBLIC_URL}/admin/reviews`);
    expect(digest?.body).not.toContain('/admin/reports');
  });

  it('when people failed their last allowed quiz attempt since the last digest, then the digest names them per course until they pass', async () => {
    const chief = await person('Dora Digest', { language: 'de', isSysAdmin: true });
    const courseId = await course({ en: 'Quiz course', de: 'Quizkurs' });
    const undone = await person('Ueli Undone');
    const passedLater = await person('Paula Passed');
    const leaver = await person('Lena Left');
    const nextDay = await person('Otto Other');
    const lessonId = randomUUID();
    const exhaust = (userId: string, at: Date) =>
      publish(EVENTS.quizAttemptsExhausted, {
        courseId,
        lessonId,
        userId,
        attemptId: randomUUID(),
        scorePercent: 40,
        attemptsUsed: 3,
        exhaustedAt: at.toISOString(),
      });
    // Later than every other digest of this suite.
    const firstDay = new Date('2026-09-07T06:00:00.000Z');
    for (const one of [undone, passedLater, leaver]) await exhaust(one.userId, new Date(firstDay.getTime() - DAY));
    await publish(EVENTS.quizPassed, {
      courseId,
      lessonId,
      userId: passedLater.userId,
      attemptId: randomUUID(),
      scorePercent: 100,
      attemptsUsed: 4,
      passedAt: new Date(firstDay.getTime() - DAY / 2).toISOString(),
    });
    await publish(EVENTS.userChanged, {
      userId: leaver.userId,
      name: 'Lena Left',
      email: leaver.email,
      language: 'en',
      status: 'deactivated',
      isSysAdmin: false,
    });

    expect((await pass.sendDigest(firstDay)).failed).toBe(0);
    const [first] = smtp.to(chief.email);
    expect(first?.body).toContain('• Quizkurs: 1 Person ohne verbleibenden Versuch (Ueli)');
    expect(first?.body).not.toContain('Paula');
    expect(first?.body).not.toContain('Lena');

    const secondDay = new Date(firstDay.getTime() + DAY);
    await exhaust(nextDay.userId, new Date(secondDay.getTime() - DAY / 2));
    expect((await pass.sendDigest(secondDay)).failed).toBe(0);
    const [, second] = smtp.to(chief.email);
    expect(second?.body).toContain('• Quizkurs: 1 Person ohne verbleibenden Versuch (Otto)');
    expect(second?.body).not.toContain('Ueli');
  });

  it('when REMINDERS=off, then the service starts without the job queue', async () => {
    const own = await componentSetup(backend, 'training');
    const quiet = await startTrainingService(loadTrainingConfig({ ...own.env, REMINDERS: 'off' }));
    try {
      const queue = await sql<{ table: string | null }>`select to_regclass('pgboss.job')::text as table`.execute(
        quiet.database.db,
      );
      expect(queue.rows).toEqual([{ table: null }]);
    } finally {
      await own.close(quiet);
    }
  });

  it('when the pass job is sent to pg-boss, then the service’s worker runs the pass; both jobs are on their schedules', async () => {
    const learner = await person('Jonas Job');
    await assign({ courseId: await course({ en: 'Onboarding' }), userIds: [learner.userId], mandatory: true });
    const sender = new PgBoss({
      db: { executeSql: (text, values) => service.database.executeSql(text, values) },
      supervise: false,
      schedule: false,
      migrate: false,
    });
    await sender.start();
    try {
      const schedules = await sender.getSchedules();
      expect(schedules.map(({ name, cron }) => ({ name, cron })).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
        { name: DIGEST_JOB, cron: NEVER },
        { name: REMINDER_PASS_JOB, cron: NEVER },
      ]);
      const arriving = smtp.next(learner.email);
      await sender.send(REMINDER_PASS_JOB, {});
      expect((await arriving).subject).toBe('New course for you: Onboarding');
    } finally {
      await sender.stop({ graceful: false, close: false });
    }
  });

  it('when a course is assigned through an instance that runs a pass right away, then the mail arrives within seconds', async () => {
    // Its own database on PGlite (one process's), the same one on PostgreSQL: told everything itself.
    const eager = await startTrainingService(loadTrainingConfig(env()), { now: () => clock, jobPollingSeconds: 0.5 });
    const tell = (topic: string, payload: unknown) =>
      signedCaller(eager.url, SYSTEM).post('/internal/events', { id: randomUUID(), topic, payload });
    try {
      const userId = randomUUID();
      const email = `nora.${userId.slice(0, 8)}@example.ch`;
      const courseId = randomUUID();
      await tell(EVENTS.userChanged, {
        userId,
        name: 'Nora',
        email,
        language: 'it',
        status: 'active',
        isSysAdmin: false,
      });
      await tell(EVENTS.courseChanged, {
        courseId,
        titles: { en: 'Ethics', it: 'Etica' },
        defaultLanguage: 'en',
        published: true,
        completionProof: 'confirmation',
      });
      const arrived = smtp.next(email);
      const answer = await signedCaller(eager.url, ADMIN).post('/api/assignments', {
        courseId,
        userIds: [userId],
        dueInDays: 14,
        mandatory: true,
      });
      expect(answer.status).toBe(201);
      expect((await arrived).subject).toBe('Nuovo corso per te: Etica');
    } finally {
      await eager.stop();
    }
  });
});
