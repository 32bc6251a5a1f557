import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '@portal/web-kit/styles/tokens.css';
import '@portal/web-kit/styles/base.css';
import { AppCrashed } from './app/app-crashed.tsx';

/**
 * Gives the browser a turn (input, paint) between two parts of the start-up. Each part runs the modules it
 * imports, and running React, zod with the contracts, i18next and the app's frame in one go was one task of a few
 * hundred milliseconds on a slow machine; their files are all loaded by then (index.html preloads the shared
 * libraries; the shell's own modules stay in this file, `eager`), so a part waits for no download.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Reads /config.json and registers the remotes before the first render; asks the login status once, alongside.
 * The first render waits for both, so that the page is drawn once with the right header (index.html shows a
 * loading indicator until then) instead of moving when the nav bar replaces the visitor's header.
 */
async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  await nextTask();
  const [{ createApiClient }, { fetchWithEarlyAnswers }] = await Promise.all([
    import('@portal/contracts/api-client'),
    import(/* webpackMode: "eager" */ './lib/early-requests.ts'),
  ]);
  await nextTask();
  const [{ initI18n, changeInterfaceLanguage }, { checkLoginStatus }] = await Promise.all([
    import(/* webpackMode: "eager" */ './lib/i18n.ts'),
    import(/* webpackMode: "eager" */ './lib/session.tsx'),
  ]);
  const earlyApi = createApiClient({ fetch: fetchWithEarlyAnswers });
  const loginStatus = checkLoginStatus(earlyApi);
  await initI18n();
  try {
    const [config, user] = await Promise.all([earlyApi.getConfig(), loginStatus]);
    await nextTask();
    const { setUpRemotes } = await import(/* webpackMode: "eager" */ './features/remotes/lib/remotes.ts');
    setUpRemotes(config.remotes);
    if (user) await changeInterfaceLanguage(user.language);
    await nextTask();
    const { App } = await import(/* webpackMode: "eager" */ './app/app.tsx');
    // A transition lets React yield while it builds the first page, instead of one long task that blocks input.
    startTransition(() => {
      root.render(
        <StrictMode>
          <App config={config} loginStatus={user} />
        </StrictMode>,
      );
    });
  } catch (error) {
    console.error('The portal could not start (its configuration, /config.json, or its files)', error);
    root.render(<AppCrashed />);
  }
  container.removeAttribute('aria-busy');
}

void start();
