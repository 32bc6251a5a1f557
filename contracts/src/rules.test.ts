import { describe, expect, it } from '@jest/globals';
import { isStrongPassword, isValidEmail, isValidName, lineTextSchema, multilineTextSchema } from './rules.ts';

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

  it('when a text holds NUL or another C0 control character, then it is refused; line breaks only where text spans lines', () => {
    for (const control of ['\u0000', '\u0001', '\u001b', '\u001f', '\u007f', '\t', '\n', '\r']) {
      expect(lineTextSchema().safeParse(`a${control}b`).success).toBe(false);
      expect(isValidName(`Anna${control}Muster`)).toBe(false);
      expect(isValidEmail(`anna${control}@example.ch`)).toBe(false);
      expect(isStrongPassword(`Abcdefg1${control}`)).toBe(false);
    }
    for (const lineBreak of ['\t', '\n', '\r'])
      expect(multilineTextSchema().safeParse(`a${lineBreak}b`).success).toBe(true);
    for (const control of ['\u0000', '\u0008', '\u000b', '\u001f', '\u007f'])
      expect(multilineTextSchema().safeParse(`a${control}b`).success).toBe(false);
    expect(lineTextSchema().safeParse('Zürich — 東京 🙂').success).toBe(true);
  });
});
