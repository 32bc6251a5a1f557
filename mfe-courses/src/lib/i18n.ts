import { addSliceTranslations } from '@portal/web-kit/i18n';

export const COURSES_NAMESPACE = 'courses';

await addSliceTranslations(COURSES_NAMESPACE, {
  en: () => import(/* webpackChunkName: "i18n-en" */ '../locales/en/courses.json', { with: { type: 'json' } }),
  fr: () => import(/* webpackChunkName: "i18n-fr" */ '../locales/fr/courses.json', { with: { type: 'json' } }),
  de: () => import(/* webpackChunkName: "i18n-de" */ '../locales/de/courses.json', { with: { type: 'json' } }),
  it: () => import(/* webpackChunkName: "i18n-it" */ '../locales/it/courses.json', { with: { type: 'json' } }),
  rm: () => import(/* webpackChunkName: "i18n-rm" */ '../locales/rm/courses.json', { with: { type: 'json' } }),
});
