import { runProcess } from '@portal/kit/server';
import { startAuthService } from './app.ts';
import { loadAuthConfig } from './config.ts';

runProcess('auth', async () => {
  const service = await startAuthService(loadAuthConfig());
  if (service.admin) process.send?.({ type: 'admin', ...service.admin });
  return service;
});
