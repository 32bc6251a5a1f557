import type { User } from '@portal/contracts/auth';
import type { PortalConfig } from '@portal/contracts/portal-config';
import { BrowserRouter } from 'react-router-dom';
import { AppProvider } from './provider.tsx';
import { AppRoutes } from './router.tsx';

export function App({ config, loginStatus }: { config: PortalConfig; loginStatus: Promise<User | null> }) {
  return (
    <AppProvider config={config} loginStatus={loginStatus}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
