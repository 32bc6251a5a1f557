import { addSliceTranslations } from '@portal/web-kit/i18n';

export const EDITOR_NAMESPACE = 'editor';

await addSliceTranslations(EDITOR_NAMESPACE, {
  en: () => import('../locales/en/editor.json', { with: { type: 'json' } }),
  fr: () => import('../locales/fr/editor.json', { with: { type: 'json' } }),
  de: () => import('../locales/de/editor.json', { with: { type: 'json' } }),
  it: () => import('../locales/it/editor.json', { with: { type: 'json' } }),
  rm: () => import('../locales/rm/editor.json', { with: { type: 'json' } }),
});
