import { ApiClient } from '@portal/contracts/api-client';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '@portal/web-kit/styles/tokens.css';
import '@portal/web-kit/styles/base.css';
import { AppCrashed } from './app/app-crashed.tsx';
import { setUpRemotes } from './features/remotes/lib/remotes.ts';
import { fetchWithEarlyAnswers } from './lib/early-requests.ts';
import { changeInterfaceLanguage, initI18n } from './lib/i18n.ts';
import { checkLoginStatus } from './lib/session.tsx';

// The app's own modules (the router, the pages' frame, the toasts) are a chunk of their own, so the browser runs
// them in a task of their own, not in the one long task that runs this file and the libraries it needs first.
const app = import(/* webpackChunkName: "app" */ './app/app.tsx');
// Awaited in start(), where a failure shows the crash page; not an unhandled rejection before that.
app.catch(() => undefined);

/**
 * Reads /config.json and registers the remotes before the first render; asks the login status once, alongside.
 * The first render waits for both, so that the page is drawn once with the right header (index.html shows a
 * loading indicator until then) instead of moving when the nav bar replaces the visitor's header.
 */
async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  const earlyApi = new ApiClient({ fetch: fetchWithEarlyAnswers });
  const loginStatus = checkLoginStatus(earlyApi);
  await initI18n();
  try {
    const [config, user] = await Promise.all([earlyApi.getConfig(), loginStatus]);
    setUpRemotes(config.remotes);
    if (user) await changeInterfaceLanguage(user.language);
    const { App } = await app;
    // A transition lets React yield while it builds the first page, instead of one long task that blocks input.
    startTransition(() => {
      root.render(
        <StrictMode>
          <App config={config} loginStatus={user} />
        </StrictMode>,
      );
    });
  } catch (error) {
    console.error('The portal configuration (/config.json) could not be loaded', error);
    root.render(<AppCrashed />);
  }
  container.removeAttribute('aria-busy');
}

void start();
