import { addSliceTranslations } from '@portal/web-kit/i18n';

export const ADMIN_NAMESPACE = 'admin';

await addSliceTranslations(
  ADMIN_NAMESPACE,
  (language) =>
    import(/* webpackChunkName: "i18n-[request]" */ `../locales/${language}/admin.json`, { with: { type: 'json' } }),
);
