import { addSliceTranslations } from '@portal/web-kit/i18n';

export const AUTH_NAMESPACE = 'auth';

await addSliceTranslations(
  AUTH_NAMESPACE,
  (language) =>
    import(/* webpackChunkName: "i18n-[request]" */ `../locales/${language}/auth.json`, { with: { type: 'json' } }),
);
