/** Header every state-changing request must carry (DESIGN.md, CSRF). */
export const CSRF_HEADER = 'X-Requested-With';
export const CSRF_HEADER_VALUE = 'XMLHttpRequest';
/** Header carrying the request id from the gateway to the services and back. */
export const REQUEST_ID_HEADER = 'X-Request-Id';
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
/** The language of a course answer's texts: for one course the one shown, for a list the one asked for. */
export const CONTENT_LANGUAGE_HEADER = 'Content-Language';
export const API_VERSION = '1';
/**
 * Set by a service on an answer that deactivated, demoted or deleted these users (comma-separated ids): the gateway
 * ends their sessions as it relays the answer and never passes the header on.
 */
export const END_SESSIONS_HEADER = 'x-portal-end-sessions';

/**
 * Whether the browser's session still exists, asked without moving its idle expiry (`{ signedIn }`): an open tab
 * asks it every SESSION_ALIVE_INTERVAL_MS, so that a session ended elsewhere (a deactivation) shows within seconds.
 */
export const SESSION_ALIVE_PATH = '/api/auth/session-alive';
export const SESSION_ALIVE_INTERVAL_MS = 15_000;

/** The audit trail's call (`listAuditEntriesCall` in audit.ts): a course page asks it without that file's schemas. */
export const AUDIT_PATH = '/api/audit';
