import { startEarlyRequests } from './lib/early-requests.ts';

startEarlyRequests();
import('./bootstrap.tsx');
