import { addSliceTranslations } from '@portal/web-kit/i18n';

/** The groups page's own texts: only that page loads them, so the sign-in page's namespace stays as it was (decision 0036). */
export const GROUPS_NAMESPACE = 'auth-groups';

await addSliceTranslations(
  GROUPS_NAMESPACE,
  (language) =>
    import(/* webpackChunkName: "i18n-[request]" */ `../../locales/${language}/groups.json`, {
      with: { type: 'json' },
    }),
);
