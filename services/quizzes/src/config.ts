import { loadServiceConfig } from '@portal/kit/config';

/** The quizzes service needs only what every service reads (port, database, identity secret, the others' URLs). */
export function loadQuizzesConfig(env: Record<string, string | undefined> = process.env) {
  return loadServiceConfig('quizzes', {}, env);
}
export type QuizzesConfig = ReturnType<typeof loadQuizzesConfig>;
