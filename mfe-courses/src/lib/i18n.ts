import { addSliceTranslations } from '@portal/web-kit/i18n';

export const COURSES_NAMESPACE = 'courses';

await addSliceTranslations(COURSES_NAMESPACE, {
  en: () => import('../locales/en/courses.json', { with: { type: 'json' } }),
  fr: () => import('../locales/fr/courses.json', { with: { type: 'json' } }),
  de: () => import('../locales/de/courses.json', { with: { type: 'json' } }),
  it: () => import('../locales/it/courses.json', { with: { type: 'json' } }),
  rm: () => import('../locales/rm/courses.json', { with: { type: 'json' } }),
});
