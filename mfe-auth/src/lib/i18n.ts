import { addSliceTranslations } from '@portal/web-kit/i18n';

export const AUTH_NAMESPACE = 'auth';

await addSliceTranslations(AUTH_NAMESPACE, {
  en: () => import('../locales/en/auth.json', { with: { type: 'json' } }),
  fr: () => import('../locales/fr/auth.json', { with: { type: 'json' } }),
  de: () => import('../locales/de/auth.json', { with: { type: 'json' } }),
  it: () => import('../locales/it/auth.json', { with: { type: 'json' } }),
  rm: () => import('../locales/rm/auth.json', { with: { type: 'json' } }),
});
