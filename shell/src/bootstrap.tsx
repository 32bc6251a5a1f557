import { api } from '@portal/contracts/api-client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/tokens.css';
import './styles/base.css';
import { App } from './app/app.tsx';
import { AppCrashed } from './app/app-crashed.tsx';
import { setUpRemotes } from './features/remotes/lib/remotes.ts';
import { initI18n } from './lib/i18n.ts';
import { checkLoginStatus } from './lib/session.tsx';

/** Reads /config.json and registers the remotes before the first render; asks the login status once. */
async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  const loginStatus = checkLoginStatus();
  await initI18n();
  try {
    const config = await api.getConfig();
    setUpRemotes(config.remotes);
    root.render(
      <StrictMode>
        <App config={config} loginStatus={loginStatus} />
      </StrictMode>,
    );
  } catch (error) {
    console.error('The portal configuration (/config.json) could not be loaded', error);
    root.render(<AppCrashed />);
  }
}

void start();
