import { addSliceTranslations } from '@portal/web-kit/i18n';

/** The groups page's own texts, loaded with that page only. */
export const GROUPS_NAMESPACE = 'admin-groups';

await addSliceTranslations(
  GROUPS_NAMESPACE,
  (language) =>
    import(/* webpackChunkName: "i18n-[request]" */ `../../locales/${language}/groups.json`, {
      with: { type: 'json' },
    }),
);
