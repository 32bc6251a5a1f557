import { api, createCallTableClient } from '@portal/contracts/api-client';
import { QUIZ_REPORT_CALLS } from '@portal/contracts/quiz-report';

/** The quizzes service's calls (the quiz report and grants), sent through the shared client like every other call. */
export const quizzes = createCallTableClient(QUIZ_REPORT_CALLS, api);
