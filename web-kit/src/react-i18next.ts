/**
 * The portal's React binding of i18next, as every app gets it: the shared module `react-i18next` is this file, not
 * the whole package (shared whole, `Trans` with its HTML parser, the HOCs and the SSR helpers went to every page).
 * ESLint refuses any other import from `react-i18next` until it is listed here. `#react-i18next` (web-kit's
 * package.json `imports`) is the package itself: a request for `react-i18next` from this file would be the shared
 * module again, which waits for itself.
 */
export { initReactI18next, useTranslation } from '#react-i18next';
