import { describe, expect, it } from '@jest/globals';
import { DEFAULT_MAX_FILE_BYTES, portalConfigSchema } from '@portal/contracts/portal-config';
import { loadGatewayConfig } from '../src/config.ts';
import { portalConfig } from '../src/static-slices.ts';

const secrets = { SESSION_SECRET: 's'.repeat(32), IDENTITY_SECRET: 'i'.repeat(32) };

describe('/config.json', () => {
  it('when MAX_FILE_BYTES is set, then the front end is told that upload limit', () => {
    const served = portalConfig(loadGatewayConfig({ ...secrets, MAX_FILE_BYTES: '1048576' }));
    expect(portalConfigSchema.parse(served).maxFileBytes).toBe(1_048_576);
  });

  it('when MAX_FILE_BYTES is not set, then the limit is the files service’s default', () => {
    expect(portalConfig(loadGatewayConfig(secrets)).maxFileBytes).toBe(DEFAULT_MAX_FILE_BYTES);
  });
});
