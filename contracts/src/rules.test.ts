import { describe, expect, it } from '@jest/globals';
import { isStrongPassword, isValidEmail, isValidName } from './rules.ts';

describe('shared input rules', () => {
  it('when a password lacks a digit, an upper-case or a lower-case letter or 8 characters, then it is refused', () => {
    expect(isStrongPassword('Abcdefg1')).toBe(true);
    expect(isStrongPassword('abcdefg1')).toBe(false);
    expect(isStrongPassword('ABCDEFG1')).toBe(false);
    expect(isStrongPassword('Abcdefgh')).toBe(false);
    expect(isStrongPassword('Abcde1')).toBe(false);
    expect(isStrongPassword(`Ab1${'x'.repeat(126)}`)).toBe(false);
  });

  it('when an e-mail has no domain part or contains spaces, then it is refused', () => {
    expect(isValidEmail('anna@example.ch')).toBe(true);
    expect(isValidEmail('anna@example')).toBe(false);
    expect(isValidEmail('an na@example.ch')).toBe(false);
    expect(isValidEmail('')).toBe(false);
  });

  it('when a name has fewer than two characters after trimming, then it is refused', () => {
    expect(isValidName('Jo')).toBe(true);
    expect(isValidName(' J ')).toBe(false);
  });
});
