import type { Migration } from '@portal/kit/db';

/**
 * When the account's sessions were ended outside a request (an account taken over at start-up): the gateway ends a
 * session begun before it at its next check, having no other way to hear of it.
 */
export const sessionsEnded: Migration = {
  id: '011-sessions-ended',
  statements: [`alter table users add column sessions_ended_at timestamptz`],
};
