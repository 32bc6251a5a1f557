import { openServiceDatabase } from '@portal/kit/db';
import { startService } from '@portal/kit/start-service';
import type { QuizzesConfig } from './config.ts';
import { personalData } from './data-access/personal-data.ts';
import { migrations, type QuizzesDatabase } from './data-access/schema.ts';
import { attempts } from './domain/attempts.ts';
import { quizGrants } from './domain/grants.ts';
import { questionBank } from './domain/question-bank.ts';
import { quizzesRoutes } from './entry-points/api/routes.ts';
import { quizzesEventHandlers } from './entry-points/events/handlers.ts';

export const SERVICE_NAME = 'quizzes';

export interface QuizzesDeps {
  /** The time attempts are reckoned from: a fake clock in tests. */
  now?: () => Date;
}

export function openQuizzesDatabase(config: Pick<QuizzesConfig, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_SIZE'>) {
  return openServiceDatabase<QuizzesDatabase>(SERVICE_NAME, config);
}

export function startQuizzesService(config: QuizzesConfig, deps: QuizzesDeps = {}) {
  const now = deps.now ?? (() => new Date());
  return startService<QuizzesDatabase>({
    name: SERVICE_NAME,
    config,
    migrations,
    personalData,
    routes: ({ database }) =>
      quizzesRoutes(
        questionBank(database.db),
        attempts({ db: database.db, now }),
        quizGrants({ db: database.db, now }),
      ),
    eventHandlers: () => quizzesEventHandlers(),
  });
}
