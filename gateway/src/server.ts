import { runProcess } from '@portal/kit/server';
import { startGateway } from './app.ts';
import { loadGatewayConfig } from './config.ts';

runProcess('gateway', () => startGateway(loadGatewayConfig()));
