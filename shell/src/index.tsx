import { startEarlyRequests } from './lib/early-requests.ts';

startEarlyRequests();
// Named, so that index.html can preload it (rsbuild.config.ts).
import(/* webpackChunkName: "boot" */ './bootstrap.tsx');
