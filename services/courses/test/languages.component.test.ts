import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CourseSummary } from '@portal/contracts/courses';
import type { Language } from '@portal/contracts/languages';
import { migrate } from '@portal/kit/db';
import { componentSetup, fakeService, signedCaller } from '@portal/kit/testing/component';
import { testBackends } from '@portal/kit/testing/backends';
import { sql } from 'kysely';
import { openCoursesDatabase, startCoursesService } from '../src/app.ts';
import { loadCoursesConfig } from '../src/config.ts';
import { coursesRepository } from '../src/data-access/courses-repository.ts';
import { migrations } from '../src/data-access/schema.ts';
import { settleAuthorLanguages, settleAuthorLanguagesInBackground } from '../src/domain/author-languages.ts';

const ADMIN = { sub: '00000000-0000-4000-8000-00000000000a', admin: true, lang: 'de' } as const;
const reader = (lang: Language) => ({ sub: crypto.randomUUID(), admin: false, lang });

/** A word no other test uses, to find this test's courses with ?q=. */
const token = () => `tok${Math.random().toString(36).slice(2, 10)}`;

describe.each(testBackends())('course content in five languages on $name', (backend) => {
  let setup: Awaited<ReturnType<typeof componentSetup>>;
  let auth: Awaited<ReturnType<typeof fakeService>>;
  let service: Awaited<ReturnType<typeof startCoursesService>>;
  let admin: ReturnType<typeof signedCaller>;
  const as = (lang: Language) => signedCaller(service.url, reader(lang));

  const newCategory = async (names: Partial<Record<Language, string>>, defaultLanguage: Language = 'en') => {
    const created = await admin.post('/api/categories', { names, defaultLanguage });
    expect(created.status).toBe(201);
    return created.body.id as string;
  };

  /** A published course in German (default) and Romansh, and the category it is in. */
  async function germanAndRomansh(word = token()) {
    const categoryId = await newCategory({ en: `Safety ${word}`, de: `Sicherheit ${word}`, rm: `Segirezza ${word}` });
    const created = await admin.post('/api/courses', {
      defaultLanguage: 'de',
      texts: {
        de: { title: `Grundlagen ${word}`, description: '<p>Phishing erkennen und <strong>melden</strong>.</p>' },
        rm: {
          title: `Fundaments ${word}`,
          shortDescription: 'Renconuscher il phishing.',
          description: '<p>Renconuscher il phishing ed <em>annunziar</em> el.</p>',
        },
      },
      isPublished: true,
      categoryIds: [categoryId],
    });
    expect(created.status).toBe(201);
    return { id: created.body.id as string, categoryId, word, created };
  }

  beforeAll(async () => {
    setup = await componentSetup(backend, 'courses');
    auth = await fakeService(() => undefined);
    service = await startCoursesService(loadCoursesConfig({ ...setup.env, AUTH_SERVICE_URL: auth.url }));
    admin = signedCaller(service.url, ADMIN);
  });

  afterAll(() => setup?.close(service, auth));

  it('when a course is read, then it comes in the language asked for, else its default language, and says which', async () => {
    const { id, word } = await germanAndRomansh();
    const inRomansh = await as('rm').get(`/api/courses/${id}`);
    expect(inRomansh.status).toBe(200);
    expect(inRomansh.headers.get('content-language')).toBe('rm');
    expect(inRomansh.body).toMatchObject({
      title: `Fundaments ${word}`,
      shortDescription: 'Renconuscher il phishing.',
      description: '<p>Renconuscher il phishing ed <em>annunziar</em> el.</p>',
      language: 'rm',
      defaultLanguage: 'de',
      languages: ['de', 'rm'],
      categories: [{ name: `Segirezza ${word}` }],
    });

    const inFrench = await as('fr').get(`/api/courses/${id}`);
    expect(inFrench.headers.get('content-language')).toBe('de');
    expect(inFrench.body).toMatchObject({
      title: `Grundlagen ${word}`,
      shortDescription: 'Phishing erkennen und melden.',
      language: 'de',
      // The category has no French name and falls back to its own default language.
      categories: [{ name: `Safety ${word}` }],
    });

    const asked = await as('fr').get(`/api/courses/${id}?lang=rm`);
    expect(asked.headers.get('content-language')).toBe('rm');
    expect(asked.body.title).toBe(`Fundaments ${word}`);
    expect((await as('fr').get(`/api/courses/${id}?lang=xx`)).status).toBe(400);
  });

  it('when courses are listed, then each card is in the language asked for or its default, and the list says the language asked for', async () => {
    const { word } = await germanAndRomansh();
    const english = await admin.post('/api/courses', {
      title: `Only English ${word}`,
      description: '<p>English text.</p>',
      defaultLanguage: 'en',
      isPublished: true,
      categoryIds: [await newCategory({ en: `Misc ${word}` })],
    });
    expect(english.body).toMatchObject({ language: 'en', defaultLanguage: 'en', languages: ['en'] });
    const listed = await as('rm').get(`/api/courses?q=${word}`);
    expect(listed.headers.get('content-language')).toBe('rm');
    expect(listed.body).toEqual([
      expect.objectContaining({ title: `Only English ${word}`, language: 'en', languages: ['en'] }),
      expect.objectContaining({
        title: `Fundaments ${word}`,
        shortDescription: 'Renconuscher il phishing.',
        language: 'rm',
        defaultLanguage: 'de',
        languages: ['de', 'rm'],
        categories: [expect.objectContaining({ name: `Segirezza ${word}` })],
      }),
    ]);
    const paged = await as('it').get(`/api/courses?q=${word}&limit=1&offset=1&lang=de`);
    expect(paged.headers.get('content-language')).toBe('de');
    expect(paged.body).toEqual([expect.objectContaining({ title: `Grundlagen ${word}`, language: 'de' })]);
  });

  it('when only courses in my language are asked for, then the others are left out', async () => {
    const { id, word } = await germanAndRomansh();
    const inRomansh = await as('rm').get(`/api/courses?q=${word}&inLanguage=true`);
    expect(inRomansh.body.map((course: { id: string }) => course.id)).toEqual([id]);
    const inFrench = await as('fr').get(`/api/courses?q=${word}&inLanguage=true`);
    expect(inFrench.body).toEqual([]);
    expect(inFrench.headers.get('x-total-count')).toBe('0');
    expect((await as('fr').get(`/api/courses?q=${word}&inLanguage=true&lang=de`)).body).toHaveLength(1);
    expect((await as('fr').get(`/api/courses?q=${word}&inLanguage=false`)).body).toHaveLength(1);
  });

  it('when a started course is listed among mine, then it is in my language too', async () => {
    const { id, word } = await germanAndRomansh();
    const me = as('rm');
    await me.post(`/api/courses/register-for-course?courseId=${id}`);
    const mine = await me.get('/api/courses/mine?status=in-progress');
    expect(mine.headers.get('content-language')).toBe('rm');
    expect(mine.body).toEqual([
      expect.objectContaining({
        id,
        title: `Fundaments ${word}`,
        language: 'rm',
        languages: ['de', 'rm'],
        categories: [expect.objectContaining({ name: `Segirezza ${word}` })],
      }),
    ]);
    expect((await me.get('/api/courses/mine?status=in-progress&lang=it')).body[0]).toMatchObject({
      title: `Grundlagen ${word}`,
      language: 'de',
    });
  });

  it('when a course is searched, then its text in any of its languages finds it, accents and case aside, and it answers in mine', async () => {
    const word = token();
    const categoryId = await newCategory({ en: `Search ${word}` });
    const created = await admin.post('/api/courses', {
      defaultLanguage: 'fr',
      texts: {
        fr: { title: `Sécurité ${word}`, description: '<p>Les réflexes du quotidien.</p>' },
        de: { title: `Sicherheit ${word}`, description: '<p>Die Grundsätze für Übungsleiter.</p>' },
        rm: {
          title: `Segirezza ${word}`,
          shortDescription: 'Ina curta survista',
          description: '<p>Ils reflexs dal mintgadi.</p>',
        },
      },
      isPublished: true,
      categoryIds: [categoryId],
    });
    for (const [query, language] of [
      ['SECURITE', 'en'],
      ['réflexes du', 'de'],
      ['grundsatze fur ubungsleiter', 'fr'],
      ['MINTGADI', 'it'],
      ['curta SURVISTA', 'rm'],
    ] as const) {
      const found = await as(language).get(`/api/courses?q=${encodeURIComponent(`${query}`)}&categoryId=${categoryId}`);
      expect(found.body.map((course: { id: string }) => course.id)).toEqual([created.body.id]);
    }
    const german = await as('de').get(`/api/courses?q=${encodeURIComponent('réflexes du')}&categoryId=${categoryId}`);
    expect(german.body[0]).toMatchObject({ title: `Sicherheit ${word}`, language: 'de' });
    const english = await as('en').get(`/api/courses?q=reflexs&categoryId=${categoryId}`);
    expect(english.body[0]).toMatchObject({ title: `Sécurité ${word}`, language: 'fr' });
  });

  describe('writing', () => {
    it('when an administrator sends the spec payload, then it writes the caller’s language on create and the default language on update, keeping the others', async () => {
      const categoryId = await newCategory({ en: `Spec ${token()}` });
      const created = await admin.post('/api/courses', {
        title: 'Erster Kurs',
        description: '<p>Auf Deutsch.</p>',
        isPublished: true,
        categoryIds: [categoryId],
      });
      expect(created.status).toBe(201);
      expect(created.headers.get('content-language')).toBe('de');
      expect(created.body).toMatchObject({ language: 'de', defaultLanguage: 'de', languages: ['de'] });
      const withRomansh = await admin.put('/api/courses', {
        id: created.body.id,
        updatedAt: created.body.updatedAt,
        defaultLanguage: 'de',
        texts: {
          de: { title: 'Erster Kurs', shortDescription: 'Kurz gesagt.', description: '<p>Auf Deutsch.</p>' },
          rm: { title: 'Emprim curs', description: '<p>En rumantsch.</p>' },
        },
        isPublished: true,
        categoryIds: [categoryId],
      });
      expect(withRomansh.status).toBe(200);
      const spec = await admin.put('/api/courses', {
        id: created.body.id,
        updatedAt: withRomansh.body.updatedAt,
        title: 'Erster Kurs, neu',
        description: '<p>Neu auf Deutsch.</p>',
        isPublished: true,
        categoryIds: [categoryId],
      });
      expect(spec.status).toBe(200);
      expect(spec.body).toMatchObject({
        title: 'Erster Kurs, neu',
        language: 'de',
        defaultLanguage: 'de',
        languages: ['de', 'rm'],
        texts: {
          // The author's short description of the default language stays.
          de: { title: 'Erster Kurs, neu', shortDescription: 'Kurz gesagt.', description: '<p>Neu auf Deutsch.</p>' },
          rm: { title: 'Emprim curs', shortDescription: '', description: '<p>En rumantsch.</p>' },
        },
      });
      const romansh = await as('rm').get(`/api/courses/${created.body.id}`);
      expect(romansh.body).toMatchObject({ title: 'Emprim curs', shortDescription: 'En rumantsch.', language: 'rm' });
    });

    it('when the texts payload leaves a language out, then that language is removed', async () => {
      const { id, categoryId, created } = await germanAndRomansh();
      const updated = await admin.put('/api/courses', {
        id,
        updatedAt: created.body.updatedAt,
        defaultLanguage: 'rm',
        texts: { rm: { title: 'Mo rumantsch', description: '<p>Mo en rumantsch.</p>' } },
        isPublished: true,
        categoryIds: [categoryId],
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ defaultLanguage: 'rm', languages: ['rm'], language: 'rm' });
      expect(Object.keys(updated.body.texts)).toEqual(['rm']);
      const german = await as('de').get(`/api/courses/${id}`);
      expect(german.body).toMatchObject({ title: 'Mo rumantsch', language: 'rm', languages: ['rm'] });
    });

    it('when a language’s text breaks a rule, then the error names that language’s field', async () => {
      const categoryId = await newCategory({ en: `Rules ${token()}` });
      const send = (texts: unknown, defaultLanguage: Language | undefined) =>
        admin.post('/api/courses', { defaultLanguage, texts, isPublished: true, categoryIds: [categoryId] });
      const valid = { title: 'Gültig', description: '<p>Gültig.</p>' };
      const cases: [unknown, Language | undefined, string, string][] = [
        [{ de: valid, rm: { title: '', description: '<p>x</p>' } }, 'de', 'texts.rm.title', 'title_required'],
        [
          { de: valid, rm: { title: 'x'.repeat(101), description: '<p>x</p>' } },
          'de',
          'texts.rm.title',
          'title_too_long',
        ],
        [
          { de: valid, rm: { title: 'Vid', description: '<p> </p>' } },
          'de',
          'texts.rm.description',
          'description_required',
        ],
        [
          { de: valid, it: { title: 'Lungo', description: `<p>${'a'.repeat(2501)}</p>` } },
          'de',
          'texts.it.description',
          'description_too_long',
        ],
        [{ rm: valid }, 'de', 'texts.de', 'default_language_text_required'],
        [{ de: valid }, undefined, 'defaultLanguage', 'default_language_required'],
      ];
      for (const [texts, defaultLanguage, field, code] of cases) {
        const refused = await send(texts, defaultLanguage);
        expect({ field, status: refused.status, issues: refused.body.error?.issues }).toEqual({
          field,
          status: 400,
          issues: expect.arrayContaining([{ path: field, code }]),
        });
      }
    });

    it('when a course read is changed in one field and sent back, then it saves with that change, whichever field it was', async () => {
      const { id, categoryId, word } = await germanAndRomansh();
      const read = async (lang?: Language) =>
        (await admin.get(`/api/courses/${id}${lang ? `?lang=${lang}` : ''}`)).body as Record<string, any>;
      const sendBack = async (course: Record<string, any>) => {
        const saved = await admin.put('/api/courses', course);
        expect(saved.status).toBe(200);
        return read();
      };

      const title = await sendBack({ ...(await read()), title: 'Neue Grundlagen' });
      expect(title).toMatchObject({
        title: 'Neue Grundlagen',
        categories: [expect.objectContaining({ id: categoryId })],
      });
      expect(title.texts.rm).toMatchObject({
        title: `Fundaments ${word}`,
        shortDescription: 'Renconuscher il phishing.',
      });

      const inTexts = await sendBack({
        ...title,
        texts: { ...title.texts, rm: { ...title.texts.rm, title: 'Novs fundaments' } },
      });
      expect(inTexts.texts).toMatchObject({ de: { title: 'Neue Grundlagen' }, rm: { title: 'Novs fundaments' } });

      const description = await sendBack({ ...inTexts, description: '<p>Neu beschrieben.</p>' });
      expect(description.texts.de).toMatchObject({ title: 'Neue Grundlagen', description: '<p>Neu beschrieben.</p>' });

      // Read in Romansh, the title and description are Romansh: a change there is Romansh, German stays.
      const romansh = await read('rm');
      expect(romansh).toMatchObject({ language: 'rm', title: 'Novs fundaments' });
      const fromRomansh = await sendBack({ ...romansh, title: 'Fundaments renovads' });
      expect(fromRomansh.texts).toMatchObject({
        de: { title: 'Neue Grundlagen' },
        rm: { title: 'Fundaments renovads' },
      });

      const draft = await sendBack({ ...fromRomansh, isPublished: false });
      expect(draft).toMatchObject({ isPublished: false, title: 'Neue Grundlagen', languages: ['de', 'rm'] });
    });

    it('when a language’s description carries a script, then it is sanitized in that language too', async () => {
      const categoryId = await newCategory({ en: `Sanitize ${token()}` });
      const created = await admin.post('/api/courses', {
        defaultLanguage: 'en',
        texts: {
          en: { title: 'Clean', description: '<p>Clean <strong>text</strong></p>' },
          rm: {
            title: 'Nett',
            description:
              '<p onclick="alert(1)">Text <script>alert(2)</script><a href="javascript:alert(3)">colliaziun</a></p>',
          },
        },
        isPublished: true,
        categoryIds: [categoryId],
      });
      expect(created.status).toBe(201);
      const stored = created.body.texts.rm.description as string;
      expect(stored).not.toMatch(/script|onclick|javascript/);
      expect(stored).toContain('colliaziun');
      expect((await as('rm').get(`/api/courses/${created.body.id}`)).body.description).toBe(stored);
    });

    it('when the files service asks whether a caller sees a course, then it answers its title in their language; a draft only for administrators', async () => {
      const { id, word, created } = await germanAndRomansh();
      expect((await as('rm').get(`/internal/courses/${id}/visibility`)).body).toEqual({ title: `Fundaments ${word}` });
      expect((await as('fr').get(`/internal/courses/${id}/visibility`)).body).toEqual({ title: `Grundlagen ${word}` });
      const draft = await admin.put('/api/courses', { ...created.body, isPublished: false });
      expect(draft.status).toBe(200);
      expect((await as('rm').get(`/internal/courses/${id}/visibility`)).status).toBe(404);
      expect((await admin.get(`/internal/courses/${id}/visibility`)).body).toEqual({ title: `Grundlagen ${word}` });
      expect((await admin.get(`/internal/courses/${crypto.randomUUID()}/visibility`)).status).toBe(404);
    });

    it('when an employee reads a course, then it carries no texts of other languages; an administrator gets them all', async () => {
      const { id } = await germanAndRomansh();
      const employee = await as('rm').get(`/api/courses/${id}`);
      expect(employee.body).not.toHaveProperty('texts');
      const byAdmin = await admin.get(`/api/courses/${id}`);
      expect(Object.keys(byAdmin.body.texts)).toEqual(['de', 'rm']);
      expect(byAdmin.body.texts.de).toEqual({
        title: expect.stringMatching(/^Grundlagen /),
        shortDescription: '',
        description: '<p>Phishing erkennen und <strong>melden</strong>.</p>',
      });
    });
  });

  describe('categories', () => {
    it('when categories are read, then each is named in the language asked for, else its default, sorted by that name', async () => {
      const word = token();
      const alpha = await newCategory({ en: `Alpha ${word}`, fr: `Zèbre ${word}` });
      const beta = await newCategory({ de: `Beta ${word}` }, 'de');
      const french = await as('fr').get('/api/categories');
      expect(french.headers.get('content-language')).toBe('fr');
      const mine = french.body.filter((category: { id: string }) => [alpha, beta].includes(category.id));
      expect(mine).toEqual([
        { id: beta, name: `Beta ${word}` },
        { id: alpha, name: `Zèbre ${word}` },
      ]);
      expect((await as('en').get(`/api/categories/by-id?id=${alpha}`)).body).toEqual({
        id: alpha,
        name: `Alpha ${word}`,
      });
      expect((await as('en').get(`/api/categories/by-id?id=${alpha}&lang=fr`)).body.name).toBe(`Zèbre ${word}`);
      const usage = await admin.get('/api/categories/usage');
      expect(usage.body.find((category: { id: string }) => category.id === alpha)).toEqual({
        id: alpha,
        name: `Alpha ${word}`,
        names: { en: `Alpha ${word}`, fr: `Zèbre ${word}` },
        defaultLanguage: 'en',
        courseCount: 0,
      });
    });

    it('when the spec’s {name} is sent, then it names the caller’s language on create and the default language on rename, keeping the others', async () => {
      const word = token();
      const created = await admin.post('/api/categories', { name: `Führung ${word}` });
      expect(created.body).toEqual({ id: expect.any(String), name: `Führung ${word}` });
      const id = created.body.id as string;
      await admin.put(`/api/categories?id=${id}`, {
        names: { de: `Führung ${word}`, it: `Conduzione ${word}` },
        defaultLanguage: 'de',
      });
      const renamed = await admin.put(`/api/categories?id=${id}`, { name: `Leitung ${word}` });
      expect(renamed.body).toEqual({ id, name: `Leitung ${word}` });
      const usage = (await admin.get('/api/categories/usage')).body.find(
        (category: { id: string }) => category.id === id,
      );
      expect(usage).toMatchObject({
        names: { de: `Leitung ${word}`, it: `Conduzione ${word}` },
        defaultLanguage: 'de',
      });
    });

    it('when a name is taken in the same language in any letter case, then it is refused with 409; another language may use it', async () => {
      const word = token();
      await newCategory({ en: `Taken ${word}`, fr: `Pris ${word}` });
      const clash = await admin.post('/api/categories', { names: { fr: `PRIS ${word}` }, defaultLanguage: 'fr' });
      expect(clash.status).toBe(409);
      expect(clash.body.error.code).toBe('category_name_taken');
      const elsewhere = await admin.post('/api/categories', { names: { de: `Pris ${word}` }, defaultLanguage: 'de' });
      expect(elsewhere.status).toBe(201);
      const rename = await admin.put(`/api/categories?id=${elsewhere.body.id}`, {
        names: { de: `Pris ${word}`, en: `taken ${word}` },
        defaultLanguage: 'de',
      });
      expect(rename.status).toBe(409);
      const missingDefault = await admin.post('/api/categories', { names: { de: 'Nur' }, defaultLanguage: 'fr' });
      expect(missingDefault.body.error.issues).toContainEqual({ path: 'names.fr', code: 'category_name_required' });
    });
  });

  describe('migration of single-language data', () => {
    it('when a database at migration 002 holds courses and categories, then 003 keeps every text as English row by row, and the authors’ languages follow', async () => {
      const scratch = await backend.database();
      const dataDir = await mkdtemp(path.join(tmpdir(), 'courses-migration-'));
      const database = await openCoursesDatabase({
        DATA_DIR: dataDir,
        DATABASE_POOL_SIZE: 1,
        DATABASE_URL: scratch.url,
      });
      try {
        const db = database.db;
        const upTo002 = migrations.findIndex((migration) => migration.id === '002-short-description-block-separators');
        await migrate(db, 'courses', migrations.slice(0, upTo002 + 1));
        const author = { romansh: crypto.randomUUID(), gone: crypto.randomUUID(), down: crypto.randomUUID() };
        const old = [
          {
            id: crypto.randomUUID(),
            title: 'Sécurité',
            html: '<p>Réflexes.</p>',
            short: 'Réflexes.',
            by: author.romansh,
          },
          {
            id: crypto.randomUUID(),
            title: 'Leadership',
            html: '<h2>Lead</h2><p>Text.</p>',
            short: 'Lead · Text.',
            by: author.gone,
          },
          { id: crypto.randomUUID(), title: 'Nobody', html: '<p>No author.</p>', short: 'No author.', by: null },
          {
            id: crypto.randomUUID(),
            title: 'Later',
            html: '<p>Auth is down.</p>',
            short: 'Auth is down.',
            by: author.down,
          },
        ];
        const categoryId = crypto.randomUUID();
        await sql`insert into categories (id, name) values (${categoryId}, 'Old category')`.execute(db);
        for (const [index, course] of old.entries()) {
          await sql`insert into courses (id, title, description_html, short_description, search_text, is_published, created_by, created_at, updated_at)
            values (${course.id}, ${course.title}, ${course.html}, ${course.short}, ${`search ${index}`}, ${index !== 2}, ${course.by}, now(), now())`.execute(
            db,
          );
          await sql`insert into course_categories (course_id, category_id) values (${course.id}, ${categoryId})`.execute(
            db,
          );
        }
        const before = await sql<
          Record<string, unknown>
        >`select id, search_text, is_published, created_by, created_at, updated_at from courses order by id`.execute(
          db,
        );

        await migrate(db, 'courses', migrations);

        const after = await sql<
          Record<string, unknown>
        >`select id, search_text, is_published, created_by, created_at, updated_at from courses order by id`.execute(
          db,
        );
        expect(after.rows).toEqual(before.rows);
        const texts =
          await sql`select course_id, language, title, short_description, short_description_authored, description_html from course_texts order by course_id`.execute(
            db,
          );
        expect(texts.rows).toEqual(
          [...old]
            .sort((a, b) => a.id.localeCompare(b.id))
            .map((course) => ({
              course_id: course.id,
              language: 'en',
              title: course.title,
              short_description: course.short,
              short_description_authored: false,
              description_html: course.html,
            })),
        );
        const courses = await sql<{
          id: string;
          default_language: string;
          languages: string[];
          default_language_pending: boolean;
        }>`select id, default_language, languages, default_language_pending from courses`.execute(db);
        for (const row of courses.rows) {
          const course = old.find(({ id }) => id === row.id);
          expect(row).toEqual({
            id: row.id,
            default_language: 'en',
            languages: ['en'],
            default_language_pending: course?.by !== null,
          });
        }
        expect((await sql`select category_id, language, name from category_names`.execute(db)).rows).toEqual([
          { category_id: categoryId, language: 'en', name: 'Old category' },
        ]);
        expect((await sql`select id, default_language from categories`.execute(db)).rows).toEqual([
          { id: categoryId, default_language: 'en' },
        ]);

        // After start: the auth service knows one author (Romansh), the other is gone, the third fails at first.
        let authDown = true;
        const languageOf = async (userId: string) => {
          if (userId === author.down && authDown) throw new Error('auth unreachable');
          return userId === author.romansh ? ('rm' as const) : userId === author.down ? ('it' as const) : null;
        };
        const repository = coursesRepository(db);
        await expect(settleAuthorLanguages(repository, languageOf)).rejects.toThrow('auth unreachable');
        const logger = { info: () => undefined, warn: () => undefined } as never;
        const stop = settleAuthorLanguagesInBackground(repository, languageOf, logger);
        authDown = false;
        try {
          const deadline = Date.now() + 10_000;
          while ((await repository.pendingDefaultLanguage(10)).length > 0 && Date.now() < deadline) {
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        } finally {
          stop();
        }
        const romansh = await repository.findById(old[0]?.id ?? '', 'fr');
        expect(romansh).toMatchObject({ defaultLanguage: 'rm', texts: { rm: { title: 'Sécurité' } } });
        expect(Object.keys(romansh?.texts ?? {})).toEqual(['rm']);
        const gone = await repository.findById(old[1]?.id ?? '', 'de');
        expect(gone).toMatchObject({ defaultLanguage: 'en', texts: { en: { title: 'Leadership' } } });
        expect((await repository.findById(old[3]?.id ?? '', 'en'))?.defaultLanguage).toBe('it');
        const listed = await repository.list({ search: 'search' }, 'rm');
        expect(
          (JSON.parse(listed.json.toString()) as CourseSummary[]).map(({ title, language, languages }) => ({
            title,
            language,
            languages,
          })),
        ).toEqual(
          expect.arrayContaining([
            { title: 'Sécurité', language: 'rm', languages: ['rm'] },
            { title: 'Later', language: 'it', languages: ['it'] },
          ]),
        );
      } finally {
        await database.close();
        await scratch.drop();
        await rm(dataDir, { recursive: true, force: true });
      }
    });
  });
});
