import { addSliceTranslations } from '@portal/web-kit/i18n';

export const EDITOR_NAMESPACE = 'editor';

await addSliceTranslations(EDITOR_NAMESPACE, {
  en: () => import(/* webpackChunkName: "i18n-en" */ '../locales/en/editor.json', { with: { type: 'json' } }),
  fr: () => import(/* webpackChunkName: "i18n-fr" */ '../locales/fr/editor.json', { with: { type: 'json' } }),
  de: () => import(/* webpackChunkName: "i18n-de" */ '../locales/de/editor.json', { with: { type: 'json' } }),
  it: () => import(/* webpackChunkName: "i18n-it" */ '../locales/it/editor.json', { with: { type: 'json' } }),
  rm: () => import(/* webpackChunkName: "i18n-rm" */ '../locales/rm/editor.json', { with: { type: 'json' } }),
});
