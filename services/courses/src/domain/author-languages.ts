import { randomUUID } from 'node:crypto';
import type { Logger } from '@portal/kit/logger';
import type { CoursesRepository } from '../data-access/courses-repository.ts';
import type { UserLanguage } from '../data-access/other-services.ts';

const BATCH = 100;
const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 60_000;

/** Asked on behalf of no user. */
const SYSTEM = { sub: null, admin: false, lang: 'en', exp: 0 } as const;

/**
 * Courses migrated before languages existed got English as their default language (a migration cannot ask
 * another service); this gives each its author's language once the auth service answers. An author who no
 * longer exists leaves English. Answers how many courses were settled.
 */
export async function settleAuthorLanguages(courses: CoursesRepository, languageOf: UserLanguage): Promise<number> {
  let settled = 0;
  for (;;) {
    const pending = await courses.pendingDefaultLanguage(BATCH);
    for (const { id, createdBy } of pending) {
      const language = await languageOf(createdBy, { identity: SYSTEM, requestId: randomUUID() });
      await courses.settleDefaultLanguage(id, language ?? 'en');
      settled += 1;
    }
    if (pending.length < BATCH) return settled;
  }
}

/**
 * Runs `settleAuthorLanguages` in the background after start, retrying with a growing pause while the auth
 * service cannot be reached (it may start later). Answers the function that stops it.
 */
export function settleAuthorLanguagesInBackground(
  courses: CoursesRepository,
  languageOf: UserLanguage,
  logger: Logger,
): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const attempt = async (pauseMs: number) => {
    try {
      const settled = await settleAuthorLanguages(courses, languageOf);
      if (settled > 0) logger.info({ courses: settled }, 'migrated courses relabelled to their authors’ languages');
    } catch (error) {
      if (stopped) return;
      logger.warn({ err: error, retryInMs: pauseMs }, 'authors’ languages not settled yet, retrying');
      timer = setTimeout(() => void attempt(Math.min(pauseMs * 2, MAX_RETRY_MS)), pauseMs);
    }
  };
  void attempt(FIRST_RETRY_MS);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
