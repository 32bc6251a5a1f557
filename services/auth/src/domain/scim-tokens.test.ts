import { describe, expect, it } from '@jest/globals';
import { createLogger } from '@portal/kit/logger';
import type { ScimTokensRepository } from '../data-access/scim-tokens-repository.ts';
import { scimTokens } from './scim-tokens.ts';

const ENVIRONMENT_TOKEN = 'env-token-0123456789abcdef0123456789abcdef';
const noTokens = { list: () => Promise.resolve([]) } as unknown as ScimTokensRepository;

const listWith = (environmentToken: string | undefined) =>
  scimTokens({
    tokens: noTokens,
    environmentToken,
    baseUrl: 'https://learn.example.ch/scim/v2',
    logger: createLogger('auth', 'silent'),
  }).list();

describe('SCIM tokens as the administrators’ page lists them', () => {
  it('when SCIM_TOKEN is set, then the list says so without its value', async () => {
    const listed = await listWith(ENVIRONMENT_TOKEN);
    expect(listed).toEqual({ baseUrl: 'https://learn.example.ch/scim/v2', environmentToken: true, tokens: [] });
    expect(JSON.stringify(listed)).not.toContain(ENVIRONMENT_TOKEN);
  });

  it('when SCIM_TOKEN is not set, then the list has no environment token', async () => {
    expect((await listWith(undefined)).environmentToken).toBe(false);
  });
});
