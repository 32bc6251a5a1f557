import { type PortalConfig, portalConfigSchema } from '@portal/contracts/portal-config';
import { useEffect, useState } from 'react';
import { whileCurrent } from '@portal/web-kit/while-current';

export type SsoOffer = NonNullable<PortalConfig['sso']>;

/**
 * The company's provider as /config.json names it; null without one, and until the file has come (usually from the
 * browser's cache: the shell read it before the first render), so the password form never waits for it.
 */
export function useSsoOffer(): SsoOffer | null {
  const [offer, setOffer] = useState<SsoOffer | null>(null);
  useEffect(
    () =>
      whileCurrent(
        fetch('/config.json').then((response) => response.json() as Promise<unknown>),
        (body) => setOffer(portalConfigSchema.safeParse(body).data?.sso ?? null),
        // Without the configuration the page offers what always works: the password form.
        () => undefined,
      ),
    [],
  );
  return offer;
}
