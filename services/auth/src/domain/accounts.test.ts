import { describe, expect, it } from '@jest/globals';
import { createLogger } from '@portal/kit/logger';
import type { ResetTokensRepository } from '../data-access/reset-tokens-repository.ts';
import type { UserRecord, UsersRepository } from '../data-access/users-repository.ts';
import { accounts } from './accounts.ts';
import type { Mail, Mailer } from './mailer.ts';

const known: UserRecord = {
  id: '7a1f4c52-3a54-4c2e-9a63-2a8f0c1d5e11',
  email: 'lea@example.ch',
  name: 'Lea',
  passwordHash: 'unused',
  language: 'en',
  isSysAdmin: false,
};

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('password reset requests', () => {
  it('when a reset is requested, then the call returns before anything is looked up, for a known and an unknown e-mail alike', async () => {
    const lookups: string[] = [];
    let releaseLookups!: () => void;
    const lookupsReleased = new Promise<void>((resolve) => (releaseLookups = resolve));
    const users = {
      findByEmail: async (email: string) => {
        lookups.push(email);
        await lookupsReleased;
        return email === known.email ? known : undefined;
      },
    } as unknown as UsersRepository;
    const tokensOf: string[] = [];
    const resetTokens = {
      insert: async (userId: string) => {
        tokensOf.push(userId);
      },
    } as unknown as ResetTokensRepository;
    const sent: Mail[] = [];
    const mailer: Mailer = {
      kind: 'smtp',
      send: async (mail) => {
        sent.push(mail);
      },
    };
    const service = accounts({
      users,
      resetTokens,
      mailer,
      logger: createLogger('test', 'silent'),
      publicUrl: 'https://portal.example.ch',
    });

    for (const email of [known.email, 'ghost@example.ch']) {
      expect(service.requestPasswordReset(email)).toBeUndefined();
      expect(lookups).toEqual([]);
    }

    releaseLookups();
    while (sent.length === 0) await nextTurn();
    expect(lookups).toEqual([known.email, 'ghost@example.ch']);
    expect(tokensOf).toEqual([known.id]);
    expect(sent.map((mail) => mail.to)).toEqual([known.email]);
  });
});
