import { addSliceTranslations } from '@portal/web-kit/i18n';
import { useTranslation } from 'react-i18next';
import { AUTH_NAMESPACE } from './i18n.ts';

/**
 * The texts of the pages that create, recover and keep an account (registration, invitation, password reset, e-mail
 * check, the account page): only those pages load them, so the sign-in page's namespace stays small (decision 0036).
 */
export const ACCOUNT_NAMESPACE = 'auth-account';

await addSliceTranslations(
  ACCOUNT_NAMESPACE,
  (language) =>
    import(/* webpackChunkName: "i18n-[request]" */ `../locales/${language}/account.json`, {
      with: { type: 'json' },
    }),
);

/** These pages' texts, and the slice's (fields, errors, …) for the keys they do not have. */
export const useAccountTranslation = () => useTranslation([ACCOUNT_NAMESPACE, AUTH_NAMESPACE], { nsMode: 'fallback' });
