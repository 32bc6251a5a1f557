import i18next from 'i18next';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation as usePackageTranslation } from '#react-i18next';

/**
 * The portal's React binding of i18next, as every app gets it: the shared module `react-i18next` is this file, not
 * the whole package (shared whole, `Trans` with its HTML parser, the HOCs and the SSR helpers went to every page).
 * ESLint refuses any other import from `react-i18next` until it is listed here. `#react-i18next` (web-kit's
 * package.json `imports`) is the package itself: a request for `react-i18next` from this file would be the shared
 * module again, which waits for itself.
 */
export { initReactI18next } from '#react-i18next';

/** Which of the namespaces have their texts in the language shown now: what a component's texts depend on. */
function textsShown(namespaces: readonly string[]): string {
  const language = i18next.language;
  return `${language}|${namespaces.map((namespace) => (i18next.hasResourceBundle(language, namespace) ? 1 : 0)).join('')}`;
}

function subscribeToTexts(onChange: () => void) {
  i18next.on('languageChanged', onChange);
  i18next.store.on('added', onChange);
  return () => {
    i18next.off('languageChanged', onChange);
    i18next.store.off('added', onChange);
  };
}

/**
 * react-i18next's `useTranslation`, which also re-renders when a namespace's texts arrived after the component
 * rendered but before it subscribed. react-i18next's snapshot changes only with the events its own listener saw, so
 * texts added in that gap were never shown: a slice's page that a busy phone rendered slowly, while the texts of the
 * language just picked came in, stayed in English until the next change. This snapshot is read from i18next itself,
 * and React compares it once more when it subscribes. (i18next is a shared singleton: the instance of every app.)
 */
export const useTranslation = ((...args: Parameters<typeof usePackageTranslation>) => {
  const translation = usePackageTranslation(...args);
  const [ns] = args;
  const key = (ns === undefined ? [i18next.options.defaultNS ?? 'translation'] : [ns]).flat().join('\n');
  const read = useCallback(() => textsShown(key.split('\n')), [key]);
  useSyncExternalStore(subscribeToTexts, read, read);
  return translation;
}) as typeof usePackageTranslation;
