/**
 * The navigation state with which the user menu asks for /logout: a link to /logout from elsewhere, without it,
 * signs nobody out.
 */
export const LOGOUT_REQUEST = { logout: true } as const;

export const isLogoutRequest = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { logout?: unknown }).logout === true;
