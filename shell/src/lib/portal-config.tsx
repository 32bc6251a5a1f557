import type { PortalConfig } from '@portal/contracts/portal-config';
import { createContext, type ReactNode, useContext } from 'react';

const PortalConfigContext = createContext<PortalConfig | null>(null);

/** The runtime configuration the gateway serves at /config.json, read once before the first render. */
export function PortalConfigProvider({ config, children }: { config: PortalConfig; children: ReactNode }) {
  return <PortalConfigContext.Provider value={config}>{children}</PortalConfigContext.Provider>;
}

export function usePortalConfig(): PortalConfig {
  const config = useContext(PortalConfigContext);
  if (!config) throw new Error('usePortalConfig() needs a <PortalConfigProvider> above it');
  return config;
}
