import { runProcess } from '@portal/kit/server';
import { startFilesService } from './app.ts';
import { loadFilesConfig } from './config.ts';

runProcess('files', () => startFilesService(loadFilesConfig()));
