import { randomUUID } from 'node:crypto';
import type { Participation } from '@portal/contracts/courses';
import { LANGUAGES, type Language } from '@portal/contracts/languages';
import { vacuumAnalyze } from '@portal/kit/db';
import type { Kysely } from 'kysely';
import type { AuthDatabase } from '@portal/auth-service/data-access/schema';
import { type UsersRepository, usersRepository } from '@portal/auth-service/data-access/users-repository';
import { hashPassword } from '@portal/auth-service/domain/passwords';
import { categoriesRepository } from '@portal/courses-service/data-access/categories-repository';
import { coursesRepository, type NewCourse } from '@portal/courses-service/data-access/courses-repository';
import { participationsRepository } from '@portal/courses-service/data-access/participations-repository';
import type { CoursesDatabase } from '@portal/courses-service/data-access/schema';
import { courseWrite } from '@portal/courses-service/domain/course-write';

const TOPICS = ['Security', 'Leadership', 'Excel', 'Kommunikation', 'Sécurité', 'Gestione', 'Rumantsch', 'Onboarding'];
const WORDS = ['basics', 'advanced', 'workshop', 'für Einsteiger', 'avancé', 'pratica', 'per tuts', 'in practice'];
/** 'A course about' in each language: the texts of a seeded course differ per language as translations do. */
const ABOUT: Record<Language, string> = {
  en: 'a course about',
  fr: 'un cours sur',
  de: 'ein Kurs über',
  it: 'un corso su',
  rm: 'in curs davart',
};
const BATCH = 500;
const SEED_PASSWORD = 'Bench12345';

/** Deterministic variety without a random source: runs are comparable. */
const pick = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;

/**
 * Many courses, categories, users and participations at once, in batches (benchmarks, demos), through the
 * services' repositories and the courses domain's rules (sanitized description, short description, search text).
 */
export async function seedBulk(
  db: { auth: Kysely<AuthDatabase>; courses: Kysely<CoursesDatabase> },
  size: { courses: number; users: number; participationsPerUser: number; languagesPerCourse?: number },
) {
  const languageCount = Math.min(Math.max(size.languagesPerCourse ?? 1, 1), LANGUAGES.length);
  const categories = categoriesRepository(db.courses);
  const courses = coursesRepository(db.courses);
  const participations = participationsRepository(db.courses);
  const users = usersRepository(db.auth);

  const categoryIds: string[] = [];
  for (let index = 0; index < 20; index += 1) {
    const name = `${pick(TOPICS, index)} ${Math.floor(index / TOPICS.length) + 1} · ${randomUUID().slice(0, 4)}`;
    const created = await categories.insert({ names: { en: name }, defaultLanguage: 'en' });
    if (created !== 'name_taken') categoryIds.push(created);
  }

  const courseIds: string[] = [];
  const now = Date.now();
  for (let start = 0; start < size.courses; start += BATCH) {
    const batch: NewCourse[] = [];
    for (let index = start; index < Math.min(size.courses, start + BATCH); index += 1) {
      const title = `${pick(TOPICS, index)} ${pick(WORDS, index * 7)} #${index + 1}`;
      const categoryIdsOfCourse = [
        ...new Set(Array.from({ length: (index % 3) + 1 }, (_, offset) => pick(categoryIds, index + offset * 7))),
      ];
      // The course's languages start at one that rotates with the index: its default language.
      const languages = Array.from({ length: languageCount }, (_, offset) => pick(LANGUAGES, index + offset));
      const texts = Object.fromEntries(
        languages.map((language) => [
          language,
          {
            title: `${title} (${language})`,
            description: `<p>${title}: ${ABOUT[language]} ${pick(WORDS, index * 3)} with exercises, examples and a short quiz at the end.</p>`,
          },
        ]),
      );
      const course = courseWrite(
        {
          texts,
          defaultLanguage: languages[0] ?? 'en',
          isPublished: index % 10 !== 0,
          categoryIds: categoryIdsOfCourse,
        },
        undefined,
        'en',
      );
      batch.push({ id: randomUUID(), course, createdBy: null, createdAt: new Date(now - index * 60_000) });
    }
    if ((await courses.insert(batch)) === 'category_missing') throw new Error('a seeded category vanished');
    courseIds.push(...batch.map(({ id }) => id));
  }

  const passwordHash = await hashPassword(SEED_PASSWORD);
  let participationCount = 0;
  let sampleEmail: string | undefined;
  for (let start = 0; start < size.users; start += BATCH) {
    const accounts: Parameters<UsersRepository['insertMany']>[0] = [];
    const joined: Participation[] = [];
    for (let index = start; index < Math.min(size.users, start + BATCH); index += 1) {
      const id = randomUUID();
      const email = `user${index + 1}.${id.slice(0, 6)}@bench.example`;
      sampleEmail ??= email;
      accounts.push({
        id,
        email,
        name: `Bench User ${index + 1}`,
        passwordHash,
        language: pick(LANGUAGES, index),
        isSysAdmin: false,
      });
      for (let course = 0; course < Math.min(size.participationsPerUser, courseIds.length); course += 1) {
        joined.push({
          courseId: pick(courseIds, index * 13 + course * 101),
          userId: id,
          startedAt: new Date(now - course * 3_600_000).toISOString(),
          completedAt: course % 3 === 2 ? new Date(now).toISOString() : null,
        });
      }
    }
    await users.insertMany(accounts);
    participationCount += await participations.insertMany(joined);
  }
  // Statistics and visibility map as autovacuum would leave them: the planner then uses the indexes (index-only counts).
  await vacuumAnalyze(db.courses);
  await vacuumAnalyze(db.auth);
  return {
    categories: categoryIds.length,
    courses: courseIds.length,
    languagesPerCourse: languageCount,
    users: size.users,
    participations: participationCount,
    password: SEED_PASSWORD,
    sampleEmail,
    sampleCourseId: courseIds.find((_, index) => index % 10 !== 0),
  };
}
