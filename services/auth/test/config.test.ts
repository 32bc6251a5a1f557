import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@portal/kit/config';
import { loadAuthConfig } from '../src/config.ts';

describe('configuration', () => {
  it('when a required variable is missing or bad, then loading fails naming it', () => {
    expect(() => loadAuthConfig({ PORT: '80' })).toThrow(ConfigError);
    expect(() => loadAuthConfig({ PORT: '80' })).toThrow(/IDENTITY_SECRET/);
    expect(() => loadAuthConfig({ PORT: 'eighty', IDENTITY_SECRET: 'x'.repeat(32) })).toThrow(/PORT/);
    expect(() => loadAuthConfig({ IDENTITY_SECRET: 'x'.repeat(32), ADMIN_PASSWORD: 'weak' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('when variables are set, then they are parsed with their defaults around them', () => {
    const config = loadAuthConfig({ IDENTITY_SECRET: 'x'.repeat(32), PORT: '0', DATA_DIR: '/tmp/portal' });
    expect(config.PORT).toBe(0);
    expect(config.DATA_DIR).toBe('/tmp/portal');
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
  });
});
