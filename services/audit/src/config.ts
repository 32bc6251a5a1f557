import { loadServiceConfig } from '@portal/kit/config';
import { localServiceUrl } from '@portal/kit/topology';
import { z } from 'zod';

export function loadAuditConfig(env: Record<string, string | undefined> = process.env) {
  return loadServiceConfig(
    'audit',
    {
      /** Entries older than this are pruned once a day; the chain stays verifiable from the oldest kept one. */
      /**
       * Signs each entry and pruning (HMAC-SHA256); the database does not hold it, so whoever writes the table
       * cannot rewrite the chain unseen. Required: `npm start` makes one and keeps it in the data folder.
       */
      AUDIT_CHAIN_KEY: z.string().min(32, 'must be at least 32 characters'),
      AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(400),
      /**
       * Where entries are also streamed, as JSON lines, for the company's SIEM: `stdout`, an http(s) URL that
       * receives them in batches (POST, application/x-ndjson), or `syslog://host:port` (RFC 5424 over TCP, a
       * message a line). Unset: kept here only.
       */
      AUDIT_SINK: z.union([z.literal('stdout'), z.url({ protocol: /^(https?|syslog)$/ })]).optional(),
      /** Asked for the names of the people in entries that come without one. */
      AUTH_SERVICE_URL: z.url().default(localServiceUrl('auth')),
      AUTH_TIMEOUT_MS: z.coerce.number().int().min(100).default(3_000),
    },
    env,
  );
}
export type AuditConfig = ReturnType<typeof loadAuditConfig>;
