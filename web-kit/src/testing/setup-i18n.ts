import { afterEach } from '@jest/globals';
import { LANGUAGES } from '@portal/contracts/languages';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

// Stands in for the shell, which owns the i18next instance in the portal. Import it before any page.
await i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  resources: {},
  interpolation: { escapeValue: false },
  react: { useSuspense: false, bindI18nStore: 'added' },
});

afterEach(async () => {
  await i18next.changeLanguage('en');
});
