import { addSliceTranslations } from '@portal/web-kit/i18n';

export const AUTH_NAMESPACE = 'auth';

await addSliceTranslations(AUTH_NAMESPACE, {
  en: () => import(/* webpackChunkName: "i18n-en" */ '../locales/en/auth.json', { with: { type: 'json' } }),
  fr: () => import(/* webpackChunkName: "i18n-fr" */ '../locales/fr/auth.json', { with: { type: 'json' } }),
  de: () => import(/* webpackChunkName: "i18n-de" */ '../locales/de/auth.json', { with: { type: 'json' } }),
  it: () => import(/* webpackChunkName: "i18n-it" */ '../locales/it/auth.json', { with: { type: 'json' } }),
  rm: () => import(/* webpackChunkName: "i18n-rm" */ '../locales/rm/auth.json', { with: { type: 'json' } }),
});
