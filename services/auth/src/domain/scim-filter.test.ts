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

  it('when a crafted text of 100 KB is parsed, then it takes linear time', () => {
    const crafted = [
      `userName eq "${'\\'.repeat(100_000)}`,
      `userName eq "${'a'.repeat(100_000)}`,
      `${'a'.repeat(100_000)} eq "x"`,
      `userName${' '.repeat(100_000)}eq`,
    ];
    for (const filter of crafted) {
      const start = process.cpuUsage();
      expect(parseEqualityFilter(filter, USER_ATTRIBUTES)).toBeUndefined();
      const used = process.cpuUsage(start);
      expect((used.user + used.system) / 1000).toBeLessThan(50);
    }
  });
});
