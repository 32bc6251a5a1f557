import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { AuthDatabase } from '../services/auth/src/data-access/schema.ts';
import { hashPassword } from '../services/auth/src/domain/passwords.ts';
import { searchable, shortDescription } from '../services/courses/src/domain/rich-text.ts';
import type { CoursesDatabase } from '../services/courses/src/data-access/schema.ts';

const TOPICS = ['Security', 'Leadership', 'Excel', 'Kommunikation', 'Sécurité', 'Gestione', 'Rumantsch', 'Onboarding'];
const WORDS = ['basics', 'advanced', 'workshop', 'für Einsteiger', 'avancé', 'pratica', 'per tuts', 'in practice'];
const BATCH = 500;
export const SEED_PASSWORD = 'Bench12345';

/** Deterministic variety without a random source: runs are comparable. */
const pick = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;

/** Many courses, categories, users and participations at once, in batches (benchmarks, demos). */
export async function seedBulk(
  db: { auth: Kysely<AuthDatabase>; courses: Kysely<CoursesDatabase> },
  size: { courses: number; users: number; participationsPerUser: number },
) {
  const categoryIds: string[] = [];
  for (let index = 0; index < 20; index += 1) {
    const id = randomUUID();
    const inserted = await db.courses
      .insertInto('categories')
      .values({ id, name: `${pick(TOPICS, index)} ${Math.floor(index / TOPICS.length) + 1} · ${id.slice(0, 4)}` })
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) categoryIds.push(inserted.id);
  }

  const courseIds: string[] = [];
  const now = Date.now();
  for (let start = 0; start < size.courses; start += BATCH) {
    const rows = [];
    const links = [];
    for (let index = start; index < Math.min(size.courses, start + BATCH); index += 1) {
      const id = randomUUID();
      const title = `${pick(TOPICS, index)} ${pick(WORDS, index * 7)} #${index + 1}`;
      const text = `${title}: a course about ${pick(WORDS, index * 3)} with exercises, examples and a short quiz at the end.`;
      const when = new Date(now - index * 60_000);
      rows.push({
        id,
        title,
        description_html: `<p>${text}</p>`,
        short_description: shortDescription(text),
        search_text: searchable(`${title} ${text}`),
        is_published: index % 10 !== 0,
        created_by: null,
        created_at: when,
        updated_at: when,
      });
      for (let offset = 0; offset <= index % 3; offset += 1) {
        links.push({ course_id: id, category_id: pick(categoryIds, index + offset * 7) });
      }
      courseIds.push(id);
    }
    await db.courses.insertInto('courses').values(rows).execute();
    await db.courses
      .insertInto('course_categories')
      .values(links)
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }

  const passwordHash = await hashPassword(SEED_PASSWORD);
  let participations = 0;
  let sampleEmail: string | undefined;
  for (let start = 0; start < size.users; start += BATCH) {
    const users = [];
    const joined = [];
    for (let index = start; index < Math.min(size.users, start + BATCH); index += 1) {
      const id = randomUUID();
      const email = `user${index + 1}.${id.slice(0, 6)}@bench.example`;
      sampleEmail ??= email;
      users.push({
        id,
        email,
        name: `Bench User ${index + 1}`,
        password_hash: passwordHash,
        language: pick(['en', 'fr', 'de', 'it', 'rm'], index),
      });
      for (let course = 0; course < Math.min(size.participationsPerUser, courseIds.length); course += 1) {
        joined.push({
          course_id: pick(courseIds, index * 13 + course * 101),
          user_id: id,
          started_at: new Date(now - course * 3_600_000),
          completed_at: course % 3 === 2 ? new Date(now) : null,
        });
      }
    }
    await db.auth.insertInto('users').values(users).execute();
    if (joined.length > 0) {
      const inserted = await db.courses
        .insertInto('participations')
        .values(joined)
        .onConflict((conflict) => conflict.doNothing())
        .executeTakeFirst();
      participations += Number(inserted.numInsertedOrUpdatedRows ?? 0);
    }
  }
  // Statistics and visibility map as autovacuum would leave them: the planner then uses the indexes (index-only counts).
  await sql`vacuum analyze`.execute(db.courses);
  await sql`vacuum analyze`.execute(db.auth);
  return {
    categories: categoryIds.length,
    courses: courseIds.length,
    users: size.users,
    participations,
    password: SEED_PASSWORD,
    sampleEmail,
    sampleCourseId: courseIds.find((_, index) => index % 10 !== 0),
  };
}
