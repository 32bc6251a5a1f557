import { runProcess } from '@portal/kit/server';
import { startQuizzesService } from './app.ts';
import { loadQuizzesConfig } from './config.ts';

runProcess('quizzes', () => startQuizzesService(loadQuizzesConfig()));
