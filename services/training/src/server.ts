import { runProcess } from '@portal/kit/server';
import { startTrainingService } from './app.ts';
import { loadTrainingConfig } from './config.ts';

runProcess('training', () => startTrainingService(loadTrainingConfig()));
