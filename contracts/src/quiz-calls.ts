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
  quizSettingsSchema,
  submittedAttemptSchema,
} from './quizzes.ts';
import { uuidSchema } from './rules.ts';

const idParams = z.object({ id: uuidSchema });

/**
 * The quizzes service's calls for the player and the authoring screens, by the name of their client's method: out of
 * API_CALLS, which every page carries. The administrators' report and grants are in quiz-report.ts.
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
} as const satisfies Record<string, ApiCall>;
