import { type PortalConfig, portalConfigSchema } from '@portal/contracts/portal-config';
import { useEffect, useState } from 'react';
import { whileCurrent } from '@portal/web-kit/while-current';

type Setting = 'registration' | 'deletedAccountRecords';

/**
 * One setting of /config.json, checked by its schema. When it cannot be read, `fallback`: the page still works and
 * the server answers by its own setting.
 */
async function loadSetting<Name extends Setting>(
  name: Name,
  fallback: PortalConfig[Name],
): Promise<PortalConfig[Name]> {
  try {
    const response = await fetch('/config.json', { credentials: 'same-origin' });
    if (!response.ok) return fallback;
    const value = ((await response.json()) as Partial<Record<Setting, unknown>>)[name];
    const parsed = portalConfigSchema.shape[name].safeParse(value);
    return parsed.success ? (parsed.data as PortalConfig[Name]) : fallback;
  } catch {
    return fallback;
  }
}

/** The setting once /config.json has told it; undefined while it is asked. */
export function usePortalSetting<Name extends Setting>(
  name: Name,
  fallback: PortalConfig[Name],
): PortalConfig[Name] | undefined {
  const [value, setValue] = useState<PortalConfig[Name]>();
  useEffect(() => whileCurrent(loadSetting(name, fallback), setValue), [name, fallback]);
  return value;
}
