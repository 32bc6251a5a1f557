import { addSliceTranslations } from '@portal/web-kit/i18n';

export const EDITOR_NAMESPACE = 'editor';

await addSliceTranslations(
  EDITOR_NAMESPACE,
  (language) =>
    import(/* webpackChunkName: "i18n-[request]" */ `../locales/${language}/editor.json`, { with: { type: 'json' } }),
);
