import { addSliceTranslations } from '@portal/web-kit/i18n';
import { useTranslation } from 'react-i18next';
import { AUTH_NAMESPACE } from './i18n.ts';

/** The administration pages' texts: only those pages load them, so the sign-in page's namespace stays small (decision 0036). */
export const ADMIN_NAMESPACE = 'auth-admin';

await addSliceTranslations(
  ADMIN_NAMESPACE,
  (language) =>
    import(/* webpackChunkName: "i18n-[request]" */ `../locales/${language}/admin.json`, {
      with: { type: 'json' },
    }),
);

/** The administration pages' texts, and the slice's (fields, errors, …) for the keys they do not have. */
export const useAdminTranslation = () => useTranslation([ADMIN_NAMESPACE, AUTH_NAMESPACE], { nsMode: 'fallback' });
