import { startEarlyRequests } from './lib/early-requests.ts';

startEarlyRequests();
// In a task of its own: the module-federation runtime has just set itself up in this one, and loading the
// bootstrap resolves its shared modules and adds its styles, which together made one long task.
// Named, so that index.html can preload it (rsbuild.config.ts).
setTimeout(() => import(/* webpackChunkName: "boot" */ './bootstrap.tsx'), 0);
