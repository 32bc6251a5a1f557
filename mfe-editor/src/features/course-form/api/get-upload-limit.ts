import { portalConfigSchema } from '@portal/contracts/portal-config';
import { useEffect, useState } from 'react';
import { whileCurrent } from '@portal/web-kit/while-current';

const limitSchema = portalConfigSchema.shape.maxFileBytes;
let asked: Promise<number | undefined> | undefined;

/** The largest file the portal takes, as /config.json says; asked once, and again after a failure. */
function loadUploadLimit(): Promise<number | undefined> {
  asked ??= fetch('/config.json', { credentials: 'same-origin' })
    .then(async (response) => {
      if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
      return limitSchema.parse(((await response.json()) as { maxFileBytes?: unknown }).maxFileBytes);
    })
    .catch((error: unknown) => {
      // The server still refuses a file over its limit (413): only the early refusal is lost.
      console.warn('The upload limit could not be read from /config.json', error);
      asked = undefined;
      return undefined;
    });
  return asked;
}

/** The upload limit in bytes, once /config.json has told it. */
export function useUploadLimit(): number | undefined {
  const [limit, setLimit] = useState<number>();
  useEffect(() => whileCurrent(loadUploadLimit(), setLimit), []);
  return limit;
}
