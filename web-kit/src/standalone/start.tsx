import type { User } from '@portal/contracts/auth';
import { api } from '@portal/contracts/api-client';
import { FALLBACK_LANGUAGE, LANGUAGES } from '@portal/contracts/languages';
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { type ComponentType, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
// Standalone only: in the portal the shell ships the design tokens and the reset.
import '../styles/tokens.css';
import '../styles/base.css';

/** A slice's standalone dev app: its pages around a session of its own, given the login status at start. */
export type StandaloneApp = ComponentType<{ loginStatus: Promise<User | null> }>;

/**
 * Starts a slice on its own (`npm run dev -w mfe-…`): sets up the i18next instance that the shell owns in the
 * portal, then renders the slice's standalone app. `loadApp` imports it after i18next is ready, so that the
 * slice's pages add their namespace to an initialized instance.
 */
export async function startStandalone(loadApp: () => Promise<StandaloneApp>) {
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
  const App = await loadApp();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const loginStatus = api.checkLoginStatus().catch(() => null);
  createRoot(container).render(
    <StrictMode>
      <App loginStatus={loginStatus} />
    </StrictMode>,
  );
}
