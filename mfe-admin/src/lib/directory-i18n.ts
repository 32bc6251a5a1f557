import { addSliceTranslations } from '@portal/web-kit/i18n';
import { useTranslation } from 'react-i18next';
import { ADMIN_NAMESPACE } from './i18n.ts';

/**
 * The texts of the pages that keep people and sign-in (users, invitations and import, SSO, directory sync, audit):
 * only those pages load them, beside the slice's namespace.
 */
export const DIRECTORY_NAMESPACE = 'admin-directory';

await addSliceTranslations(
  DIRECTORY_NAMESPACE,
  (language) =>
    import(/* webpackChunkName: "i18n-[request]" */ `../locales/${language}/directory.json`, {
      with: { type: 'json' },
    }),
);

/** Where these pages look a key up: their own texts, then the slice's (paging, errors, …). */
export const DIRECTORY_NAMESPACES = [DIRECTORY_NAMESPACE, ADMIN_NAMESPACE] as const;

export const useDirectoryTranslation = () => useTranslation(DIRECTORY_NAMESPACES, { nsMode: 'fallback' });
