import { addSliceTranslations } from '@portal/web-kit/i18n';

/** The texts of the lessons and question bank pages, apart from the course form's (`editor`). */
export const AUTHORING_NAMESPACE = 'authoring';

await addSliceTranslations(
  AUTHORING_NAMESPACE,
  (language) =>
    import(/* webpackChunkName: "i18n-[request]" */ `../locales/${language}/authoring.json`, {
      with: { type: 'json' },
    }),
);
