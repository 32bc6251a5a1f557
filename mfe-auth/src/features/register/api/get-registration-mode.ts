import { type RegistrationMode, portalConfigSchema } from '@portal/contracts/portal-config';
import { useEffect, useState } from 'react';

const modeSchema = portalConfigSchema.shape.registration;

/**
 * Who may register, as /config.json says. When it cannot be read, `open`: the form is shown and the server
 * still refuses a closed registration with its own translated answer.
 */
async function loadRegistrationMode(): Promise<RegistrationMode> {
  try {
    const response = await fetch('/config.json', { credentials: 'same-origin' });
    if (!response.ok) return 'open';
    const parsed = modeSchema.safeParse(((await response.json()) as { registration?: unknown }).registration);
    return parsed.success ? parsed.data : 'open';
  } catch {
    return 'open';
  }
}

/** The registration mode once /config.json has told it; undefined while it is asked. */
export function useRegistrationMode(): RegistrationMode | undefined {
  const [mode, setMode] = useState<RegistrationMode>();
  useEffect(() => {
    let current = true;
    void loadRegistrationMode().then((loaded) => {
      if (current) setMode(loaded);
    });
    return () => {
      current = false;
    };
  }, []);
  return mode;
}
