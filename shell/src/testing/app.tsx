import { afterEach } from '@jest/globals';
import type { PortalConfig } from '@portal/contracts/portal-config';
import { act, render, type RenderResult } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter, NavigationGuard, useLocation } from 'react-router-dom';
import { AppProvider } from '../app/provider.tsx';
import { AppRoutes } from '../app/router.tsx';
import { setUpRemotes } from '../features/remotes/lib/remotes.ts';
import { initI18n } from '../lib/i18n.ts';
import { checkLoginStatus } from '../lib/session.tsx';

await initI18n();

afterEach(async () => {
  localStorage.clear();
  await i18next.changeLanguage('en');
});

export const testConfig: PortalConfig = {
  remotes: {
    auth: '/mfe/auth/mf-manifest.json',
    courses: '/mfe/courses/mf-manifest.json',
    editor: '/mfe/editor/mf-manifest.json',
    admin: '/mfe/admin/mf-manifest.json',
  },
  languages: ['en', 'fr', 'de', 'it', 'rm'],
  maxFileBytes: 50 * 1024 * 1024,
  sessionIdleMinutes: 120,
  registration: 'open',
  deletedAccountRecords: 'anonymise',
  footer: {
    address: 'Bahnhofstrasse 1, 8001 Zürich',
    website: 'https://learning.example.ch/',
    phone: '+41 44 000 00 00',
    email: 'learning@example.ch',
    tagline: {
      en: 'Learning that fits your working day',
      fr: 'Apprendre au rythme de votre journée de travail',
      de: 'Lernen, das in Ihren Arbeitstag passt',
      it: 'Imparare al ritmo della tua giornata lavorativa',
      rm: 'Emprender en il ritem da Voss di da lavur',
    },
    imprintUrl: 'https://learning.example.ch/imprint',
    privacyUrl: 'https://learning.example.ch/privacy',
  },
};

// As the bootstrap does: the remotes and the runtime plugins (retry, fallback) are registered once.
setUpRemotes(testConfig.remotes);

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/**
 * The whole shell at `url` as a page load: the login status is asked once, through the fake API. Awaited,
 * because a remote page suspends while it loads.
 */
export async function renderApp(url: string, config: PortalConfig = testConfig): Promise<RenderResult> {
  let result: RenderResult | undefined;
  await act(async () => {
    result = render(
      <AppProvider config={config} loginStatus={checkLoginStatus()}>
        <MemoryRouter initialEntries={[url]}>
          <NavigationGuard />
          <AppRoutes />
          <LocationProbe />
        </MemoryRouter>
      </AppProvider>,
    );
  });
  if (!result) throw new Error('The app did not render');
  return result;
}
