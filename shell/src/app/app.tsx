import type { PortalConfig } from '@portal/contracts/portal-config';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { LoginStatus } from '../lib/session.tsx';
import { AppProvider } from './provider.tsx';
import { AppRoutes } from './router.tsx';

/**
 * A data router around the portal's routes, so that pages can hold the user back (useBlocker) when they
 * have unsaved changes, whatever the navigation: a link, the Back button, or code.
 */
export function App({ config, loginStatus }: { config: PortalConfig; loginStatus: LoginStatus }) {
  const [router] = useState(() => createBrowserRouter([{ path: '*', element: <AppRoutes /> }]));
  return (
    <AppProvider config={config} loginStatus={loginStatus}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
