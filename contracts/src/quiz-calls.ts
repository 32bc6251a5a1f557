import { z } from 'zod/mini';
import type { ApiCall } from './api-calls.ts';
import {
  attemptAnswersSchema,
  attemptQuestionSchema,
  attemptSchema,
  myAttemptsSchema,
  questionImportQuerySchema,
  questionImportResultSchema,
  questionInputSchema,
  questionsQuerySchema,
  questionSchema,
  quizGrantInputSchema,
  quizGrantSchema,
  quizReportQuerySchema,
  quizReportSchema,
  quizSettingsSchema,
  submittedAttemptSchema,
} from './quizzes.ts';
import { uuidSchema } from './rules.ts';

const idParams = z.object({ id: uuidSchema });

/**
 * The quizzes service's calls, by the name of their client's method. No page makes them yet (the authoring screens
 * and the player come next), so they sit beside their schemas, out of API_CALLS, which every page carries.
 */
export const QUIZ_CALLS = {
  listQuestions: {
    method: 'get',
    path: '/api/courses/:id/questions',
    params: idParams,
    query: questionsQuerySchema,
    response: z.array(questionSchema),
  },
  importQuestions: {
    method: 'post',
    path: '/api/courses/:id/questions/import',
    params: idParams,
    query: questionImportQuerySchema,
    textBody: ['text/plain', 'text/csv'],
    response: questionImportResultSchema,
  },
  createQuestion: {
    method: 'post',
    path: '/api/courses/:id/questions',
    params: idParams,
    body: questionInputSchema,
    response: questionSchema,
  },
  updateQuestion: {
    method: 'put',
    path: '/api/questions/:id',
    params: idParams,
    body: questionInputSchema,
    response: questionSchema,
  },
  deleteQuestion: { method: 'delete', path: '/api/questions/:id', params: idParams },
  getQuizSettings: {
    method: 'get',
    path: '/api/lessons/:id/quiz',
    params: idParams,
    response: quizSettingsSchema,
  },
  saveQuizSettings: {
    method: 'put',
    path: '/api/lessons/:id/quiz',
    params: idParams,
    body: quizSettingsSchema,
    response: quizSettingsSchema,
  },
  startAttempt: {
    method: 'post',
    path: '/api/lessons/:id/attempts',
    params: idParams,
    response: z.object({
      id: uuidSchema,
      questions: z.array(attemptQuestionSchema),
      endsAt: z.nullable(z.string()),
    }),
  },
  myAttempts: {
    method: 'get',
    path: '/api/lessons/:id/attempts/mine',
    params: idParams,
    response: myAttemptsSchema,
  },
  saveAnswers: {
    method: 'put',
    path: '/api/attempts/:id/answers',
    params: idParams,
    body: attemptAnswersSchema,
  },
  submitAttempt: {
    method: 'post',
    path: '/api/attempts/:id/submit',
    params: idParams,
    response: submittedAttemptSchema,
  },
  getAttempt: {
    method: 'get',
    path: '/api/attempts/:id',
    params: idParams,
    response: attemptSchema,
  },
  /** An extra attempt for a learner, or a pass recorded for them, with a reason (administrators). */
  grantQuiz: {
    method: 'post',
    path: '/api/lessons/:id/grants',
    params: idParams,
    body: quizGrantInputSchema,
    response: quizGrantSchema,
  },
  /** Item analysis and the people who failed their last allowed attempt (administrators). */
  quizReport: {
    method: 'get',
    path: '/api/lessons/:id/quiz-report',
    params: idParams,
    query: quizReportQuerySchema,
    response: quizReportSchema,
  },
} as const satisfies Record<string, ApiCall>;
