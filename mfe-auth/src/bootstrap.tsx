import { api } from '@portal/contracts/api-client';
import { FALLBACK_LANGUAGE, LANGUAGES } from '@portal/contracts/languages';
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
// Standalone only: in the portal the shell ships the design tokens and the reset.
import '../../shell/src/styles/tokens.css';
import '../../shell/src/styles/base.css';

/** The standalone dev app sets up the i18next instance that the shell owns in the portal. */
async function start() {
  await i18next
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: [...LANGUAGES],
      fallbackLng: FALLBACK_LANGUAGE,
      load: 'languageOnly',
      initAsync: false,
      resources: {},
      interpolation: { escapeValue: false },
      react: { useSuspense: false, bindI18nStore: 'added' },
      detection: { order: ['localStorage', 'navigator'], caches: ['localStorage'] },
    });
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  const { StandaloneApp } = await import('./app/standalone/standalone-app.tsx');
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const loginStatus = api.checkLoginStatus().catch(() => null);
  createRoot(container).render(
    <StrictMode>
      <StandaloneApp loginStatus={loginStatus} />
    </StrictMode>,
  );
}

void start();
