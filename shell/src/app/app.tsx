import type { PortalConfig } from '@portal/contracts/portal-config';
import { BrowserRouter, NavigationGuard } from 'react-router-dom';
import type { LoginStatus } from '../lib/session.tsx';
import { AppProvider } from './provider.tsx';
import { AppRoutes } from './router.tsx';

/**
 * The portal's routes in the browser's history, with the navigation guard: a page with unsaved changes holds
 * the user back, whatever the navigation (a link, the Back button, or code), and asks in its own dialog.
 */
export function App({ config, loginStatus }: { config: PortalConfig; loginStatus: LoginStatus }) {
  return (
    <AppProvider config={config} loginStatus={loginStatus}>
      <BrowserRouter>
        <NavigationGuard />
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
