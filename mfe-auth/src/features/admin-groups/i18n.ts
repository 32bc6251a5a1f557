import { addSliceTranslations } from '@portal/web-kit/i18n';

/** The groups page's own texts: only that page loads them, so the sign-in page's namespace stays as it was (decision 0036). */
export const GROUPS_NAMESPACE = 'auth-groups';

await addSliceTranslations(GROUPS_NAMESPACE, {
  en: () => import(/* webpackChunkName: "i18n-groups-en" */ '../../locales/en/groups.json', { with: { type: 'json' } }),
  fr: () => import(/* webpackChunkName: "i18n-groups-fr" */ '../../locales/fr/groups.json', { with: { type: 'json' } }),
  de: () => import(/* webpackChunkName: "i18n-groups-de" */ '../../locales/de/groups.json', { with: { type: 'json' } }),
  it: () => import(/* webpackChunkName: "i18n-groups-it" */ '../../locales/it/groups.json', { with: { type: 'json' } }),
  rm: () => import(/* webpackChunkName: "i18n-groups-rm" */ '../../locales/rm/groups.json', { with: { type: 'json' } }),
});
