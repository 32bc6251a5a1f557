import { runProcess } from '@portal/kit/server';
import { startAuditService } from './app.ts';
import { loadAuditConfig } from './config.ts';

runProcess('audit', () => startAuditService(loadAuditConfig()));
