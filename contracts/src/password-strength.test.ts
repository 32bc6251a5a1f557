import { describe, expect, it } from '@jest/globals';
import { isGuessablePassword, passwordScore, preloadPasswordEstimator, userInputsOf } from './password-strength.ts';

/** Passwords of 128 characters built to make zxcvbn try every split and substitution (seconds each before). */
const CRAFTED = [
  `Aa1${'1'.repeat(125)}`,
  `Aa1${'1990'.repeat(32)}`.slice(0, 128),
  `Aa1${'passwordqwerty1990'.repeat(8)}`.slice(0, 128),
  `Aa1${'4@8({[<3691!|1|70+%2'.repeat(8)}`.slice(0, 128),
  `Aa1${'ab'.repeat(63)}`.slice(0, 128),
];

async function cpuMs(work: () => Promise<unknown>): Promise<number> {
  const start = process.cpuUsage();
  await work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

describe('password strength', () => {
  it('when the password is built on the name or e-mail, whole or run together, then it is guessable for that person only', async () => {
    const jean = { name: 'Jean Dupont', email: 'jean.dupont@example.ch' };
    expect(userInputsOf(jean)).toEqual(expect.arrayContaining(['jeandupont', 'jean.dupont', 'jean', 'dupont']));
    for (const password of ['Jeandupont1', 'JeanDupont1', 'jean.dupont1', 'J3@nDup0nt1', 'Password1', 'P@ssw0rd1'])
      expect(await isGuessablePassword(password, jean)).toBe(true);
    expect(await isGuessablePassword('Jeandupont1', { name: 'Anna Caflisch', email: 'anna@example.ch' })).toBe(false);
    expect(await isGuessablePassword('Lantern-Orbit-Kite-42', jean)).toBe(false);
  });

  it('when a crafted 128-character password is judged, then it takes a bounded time (tens of ms), not seconds', async () => {
    await preloadPasswordEstimator();
    const person = { name: 'Jean Dupont', email: 'jean.dupont@example.ch' };
    const times = [];
    for (const password of CRAFTED) times.push(await cpuMs(() => passwordScore(password, person)));
    // Generous for two loaded cores; before the bound, each took 1.5 to 4 s.
    expect(Math.max(...times)).toBeLessThan(250);
  });
});
