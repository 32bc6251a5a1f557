import { addSliceTranslations } from '@portal/web-kit/i18n';

export const COURSES_NAMESPACE = 'courses';

await addSliceTranslations(
  COURSES_NAMESPACE,
  (language) =>
    import(/* webpackChunkName: "i18n-[request]" */ `../locales/${language}/courses.json`, { with: { type: 'json' } }),
);
