import { runProcess } from '@portal/kit/server';
import { startCoursesService } from './app.ts';
import { loadCoursesConfig } from './config.ts';

runProcess('courses', () => startCoursesService(loadCoursesConfig()));
