import { config } from 'zod';

/**
 * The gateway's Content-Security-Policy allows no eval, and zod's faster object parsing is compiled with
 * `new Function`: tried anyway, it is a CSP violation that the browser reports. Imported first by the bootstrap,
 * before any schema of @portal/contracts is built (zod decides when a schema is made, not when it parses).
 */
config({ jitless: true });
