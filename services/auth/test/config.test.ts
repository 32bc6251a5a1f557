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

  it('when REGISTRATION=domains names no domain, or a domain is malformed, then loading fails naming ALLOWED_EMAIL_DOMAINS', () => {
    const base = { IDENTITY_SECRET: 'x'.repeat(32) };
    expect(() => loadAuthConfig({ ...base, REGISTRATION: 'domains' })).toThrow(/ALLOWED_EMAIL_DOMAINS/);
    expect(() =>
      loadAuthConfig({ ...base, REGISTRATION: 'domains', ALLOWED_EMAIL_DOMAINS: 'example.ch, bad domain' }),
    ).toThrow(/ALLOWED_EMAIL_DOMAINS/);
    expect(() => loadAuthConfig({ ...base, REGISTRATION: 'closed' })).toThrow(/REGISTRATION/);
    const config = loadAuthConfig({ ...base, REGISTRATION: 'domains', ALLOWED_EMAIL_DOMAINS: ' Example.CH,firma.ch ' });
    expect(config.ALLOWED_EMAIL_DOMAINS).toEqual(['example.ch', 'firma.ch']);
    expect(loadAuthConfig(base)).toMatchObject({ REGISTRATION: 'open', INVITE_TTL_HOURS: 168 });
  });
});
