import { startStandalone } from '@portal/web-kit/standalone/start';

void startStandalone(async () => (await import('./app/standalone/standalone-app.tsx')).StandaloneApp);
