import { describe, expect, it } from '@jest/globals';
import { parseEqualityFilter } from './scim-filter.ts';

const USER_ATTRIBUTES = ['userName', 'externalId', 'id', 'emails.value'];

describe('SCIM equality filters', () => {
  it('when a directory sends `attribute eq "value"`, then the attribute is named as the resource names it', () => {
    expect(parseEqualityFilter('userName eq "lea@example.ch"', USER_ATTRIBUTES)).toEqual({
      attribute: 'userName',
      value: 'lea@example.ch',
    });
    expect(parseEqualityFilter('  USERNAME Eq "Lea@Example.ch" ', USER_ATTRIBUTES)).toEqual({
      attribute: 'userName',
      value: 'Lea@Example.ch',
    });
    expect(parseEqualityFilter('emails.value eq "a@b.ch"', USER_ATTRIBUTES)?.attribute).toBe('emails.value');
  });

  it('when the value holds escaped quotes or backslashes, then they are read as JSON reads them', () => {
    expect(parseEqualityFilter(String.raw`externalId eq "a\"b\\c"`, USER_ATTRIBUTES)?.value).toBe('a"b\\c');
  });

  it('when the filter uses another operator, a logical expression, an unknown attribute or no quotes, then it is refused', () => {
    for (const filter of [
      'userName co "lea"',
      'userName eq "a" and externalId eq "b"',
      'userName eq "a" or userName eq "b"',
      'title eq "Trainer"',
      'userName eq lea',
      'userName eq "unterminated',
      'members[value eq "x"]',
      '',
    ]) {
      expect({ filter, parsed: parseEqualityFilter(filter, USER_ATTRIBUTES) }).toEqual({ filter, parsed: undefined });
    }
  });

  it('when an escape decodes to a control character or a lone surrogate, then the filter is refused', () => {
    for (const filter of [
      String.raw`userName eq "a\u0000b"`,
      String.raw`externalId eq "\u001f"`,
      String.raw`externalId eq "\u007f"`,
      String.raw`externalId eq "\ud800"`,
      String.raw`externalId eq "x\udc00"`,
    ]) {
      expect({ filter, parsed: parseEqualityFilter(filter, USER_ATTRIBUTES) }).toEqual({ filter, parsed: undefined });
    }
    expect(parseEqualityFilter(String.raw`externalId eq "\ud83d\ude00 \u00e9"`, USER_ATTRIBUTES)?.value).toBe('😀 é');
  });

  it.each([100_000, 1_000_000])('when a crafted text of %d characters is parsed, then it takes linear time', (size) => {
    const crafted = [
      `userName eq "${'\\'.repeat(size)}`,
      `userName eq "${'a'.repeat(size)}`,
      `userName eq "${'\\u0000'.repeat(size / 6)}"`,
      `${'a'.repeat(size)} eq "x"`,
      `userName${' '.repeat(size)}eq`,
    ];
    for (const filter of crafted) {
      const start = process.cpuUsage();
      expect(parseEqualityFilter(filter, USER_ATTRIBUTES)).toBeUndefined();
      const used = process.cpuUsage(start);
      expect((used.user + used.system) / 1000).toBeLessThan(100);
    }
  });
});
