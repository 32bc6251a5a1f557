/** The query parameter of the login page that names the page to return to after sign-in. */
export const RETURN_PARAM = 'next';

const ORIGIN = 'https://portal.invalid';

/**
 * The page to return to after sign-in, if `value` is a path of this portal: it starts with one `/` (not `//` nor
 * `/\`, which browsers read as another host), stays on this origin once resolved, and resolved (dot segments
 * removed, as `/.//x` becomes `//x`) still starts with one `/`. Anything else: undefined.
 */
export function safeReturnPath(value: string | null): string | undefined {
  if (!value || value.length > 2048 || !value.startsWith('/') || value[1] === '/' || value[1] === '\\')
    return undefined;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== ORIGIN || url.pathname.startsWith('//')) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page's address that returns to `path` after sign-in. */
export function loginHrefReturningTo(loginPath: string, path: string): string {
  return `${loginPath}?${new URLSearchParams({ [RETURN_PARAM]: path }).toString()}`;
}
