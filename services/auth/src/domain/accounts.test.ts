import { describe, expect, it } from '@jest/globals';
import { preloadPasswordEstimator } from '@portal/contracts/password-strength';
import { createLogger } from '@portal/kit/logger';
import type { AdministratorGuard } from '../data-access/administrators-lock.ts';
import type { ResetTokensRepository } from '../data-access/reset-tokens-repository.ts';
import type { UserRecord, UsersRepository } from '../data-access/users-repository.ts';
import { accounts } from './accounts.ts';
import { hashPassword } from './passwords.ts';
import type { Mail, Mailer } from '@portal/kit/mailer';

const known: UserRecord = {
  id: '7a1f4c52-3a54-4c2e-9a63-2a8f0c1d5e11',
  email: 'lea@example.ch',
  name: 'Lea',
  passwordHash: 'unused',
  language: 'en',
  isSysAdmin: false,
  status: 'active',
  lastSignInAt: null,
  emailVerifiedAt: null,
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
      await expect(service.requestPasswordReset(email)).resolves.toBeUndefined();
      expect(lookups).toEqual([]);
    }

    releaseLookups();
    while (sent.length === 0) await nextTurn();
    expect(lookups).toEqual([known.email, 'ghost@example.ch']);
    expect(tokensOf).toEqual([known.id]);
    expect(sent.map((mail) => mail.to)).toEqual([known.email]);
  });
});

/** The median CPU time of a few runs, in milliseconds. */
async function medianCpuMs(work: () => Promise<unknown>, runs = 5): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const start = process.cpuUsage();
    await work().catch(() => undefined);
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)] as number;
}

/** A password built to make zxcvbn try every split and substitution: seconds of CPU at 128 characters before. */
const CRAFTED_PASSWORD = `Aa1${'passwordqwerty1990'.repeat(8).slice(0, 125)}`;

function resetService(options: { ownerOfToken?: string; mailer?: Mailer; logged?: string[] } = {}) {
  const consumed: string[] = [];
  const updated: string[] = [];
  const users = {
    findByEmail: async (email: string) => (email === known.email ? known : undefined),
    update: async (id: string) => {
      updated.push(id);
      return known;
    },
    insert: async () => known,
  } as unknown as UsersRepository;
  const resetTokens = {
    ownerOf: async () => options.ownerOfToken,
    consume: async (_hash: string, userId: string) => {
      consumed.push(userId);
      return true;
    },
    insert: async () => undefined,
  } as unknown as ResetTokensRepository;
  const logged = options.logged ?? [];
  const service = accounts({
    users,
    resetTokens,
    mailer: options.mailer ?? { kind: 'smtp', send: async () => undefined },
    logger: createLogger('test', 'info', { write: (line: string) => void logged.push(line) }),
    publicUrl: 'https://portal.example.ch',
  });
  return { service, consumed, updated };
}

describe('password resets', () => {
  it("when the e-mail is unknown or the token is not the account's, then the password is never judged: under 10 ms of CPU", async () => {
    await preloadPasswordEstimator();
    const strangers = resetService({ ownerOfToken: undefined });
    const otherOwner = resetService({ ownerOfToken: '00000000-0000-4000-8000-000000000000' });
    for (const [service, email] of [
      [strangers.service, 'ghost@example.ch'],
      [strangers.service, known.email],
      [otherOwner.service, known.email],
    ] as const) {
      await expect(service.resetPassword(email, 'a'.repeat(43), CRAFTED_PASSWORD)).rejects.toMatchObject({
        code: 'invalid_token',
      });
      expect(await medianCpuMs(() => service.resetPassword(email, 'a'.repeat(43), CRAFTED_PASSWORD))).toBeLessThan(10);
    }
    expect([...strangers.consumed, ...otherOwner.consumed]).toEqual([]);
  });

  it("when the token is the account's and the password guessable, then it is refused and the link stays usable", async () => {
    const { service, consumed, updated } = resetService({ ownerOfToken: known.id });
    await expect(service.resetPassword(known.email, 'a'.repeat(43), 'Password1')).rejects.toMatchObject({
      status: 400,
    });
    expect(consumed).toEqual([]);
    await expect(service.resetPassword(known.email, 'a'.repeat(43), 'Lantern-Orbit-Kite-42')).resolves.toBe(known.id);
    expect(consumed).toEqual([known.id]);
    expect(updated).toEqual([known.id]);
  });

  it('when the mail server rejects the recipient, then the failure is logged without the address', async () => {
    const logged: string[] = [];
    const rejection = Object.assign(
      new Error(
        `Can't send mail - all recipients were rejected: 550 5.1.1 <${known.email}>: Recipient address rejected`,
      ),
      { code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO', rejected: [known.email] },
    );
    const { service } = resetService({
      logged,
      mailer: {
        kind: 'smtp',
        send: async () => {
          throw rejection;
        },
      },
    });
    await service.requestPasswordReset(known.email);
    while (!logged.some((line) => line.includes('could not be sent'))) await nextTurn();
    const line = logged.find((entry) => entry.includes('could not be sent')) as string;
    expect(line).toContain('"responseCode":550');
    expect(line).toContain(known.id);
    expect(line).not.toContain(known.email);
  });
});

describe('registrations', () => {
  it('when the e-mail is taken, then the answer is 409 before the password is judged or hashed', async () => {
    await preloadPasswordEstimator();
    const { service } = resetService();
    const taken = { email: known.email, name: 'Lea', password: CRAFTED_PASSWORD };
    await expect(service.register(taken)).rejects.toMatchObject({ status: 409, code: 'email_taken' });
    expect(await medianCpuMs(() => service.register(taken))).toBeLessThan(10);
  });
});

describe('deleting one’s own account', () => {
  it('when the last active administrator deletes their account, then it is 409 last_admin and the account stays', async () => {
    const password = 'Lantern-Orbit-Kite-42';
    const admin: UserRecord = { ...known, isSysAdmin: true, passwordHash: await hashPassword(password) };
    const deleted: string[] = [];
    let otherAdmins = 0;
    const users = {
      findById: async () => admin,
      delete: async (id: string, _audit: unknown, guard: AdministratorGuard) => {
        await guard({
          stateOf: async () => admin,
          countOtherActiveAdmins: async () => otherAdmins,
          scimManagesAdministrators: async () => false,
        });
        deleted.push(id);
        return true;
      },
    } as unknown as UsersRepository;
    const service = accounts({
      users,
      resetTokens: {} as ResetTokensRepository,
      mailer: { kind: 'smtp', send: async () => undefined },
      logger: createLogger('test', 'silent'),
      publicUrl: 'https://portal.example.ch',
    });
    await expect(service.deleteUser(admin.id, { password })).rejects.toMatchObject({ status: 409, code: 'last_admin' });
    expect(deleted).toEqual([]);
    otherAdmins = 1;
    await service.deleteUser(admin.id, { password });
    expect(deleted).toEqual([admin.id]);
  });
});
