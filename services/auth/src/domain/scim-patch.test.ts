import { afterEach, describe, expect, it } from '@jest/globals';
import type { ScimPatch } from '@portal/contracts/scim';
import { applyPatch, PatchError } from './scim-patch.ts';

const user = {
  userName: 'lea@example.ch',
  name: { formatted: 'Lea Muster', givenName: 'Lea', familyName: 'Muster' },
  emails: [{ value: 'lea@example.ch', type: 'work', primary: true }],
  active: true,
};
const group = { displayName: 'Sales', members: [{ value: 'u1' }, { value: 'u2' }] };

describe('SCIM PATCH operations', () => {
  it('when Entra replaces a path with a capitalised op and a string boolean, then the value is set as sent', () => {
    expect(applyPatch(user, { Operations: [{ op: 'Replace', path: 'active', value: 'False' }] }).active).toBe('False');
  });

  it('when a sub-attribute path is replaced, then the other sub-attributes stay', () => {
    const patched = applyPatch(user, { Operations: [{ op: 'replace', path: 'name.familyName', value: 'Caduff' }] });
    expect(patched.name).toEqual({ formatted: 'Lea Muster', givenName: 'Lea', familyName: 'Caduff' });
    expect(user.name.familyName).toBe('Muster');
  });

  it('when a path-less value object holds plain and dotted keys, then each is set where it points', () => {
    const patched = applyPatch(user, {
      Operations: [{ op: 'replace', value: { active: false, 'name.givenName': 'Gian', displayName: 'Gian M' } }],
    });
    expect(patched).toMatchObject({
      active: false,
      displayName: 'Gian M',
      name: { givenName: 'Gian', familyName: 'Muster' },
    });
  });

  it('when a complex attribute is replaced without a path, then the sub-attributes it does not name stay', () => {
    const patched = applyPatch(user, { Operations: [{ op: 'replace', value: { name: { givenName: 'Gian' } } }] });
    expect(patched.name).toEqual({ formatted: 'Lea Muster', givenName: 'Gian', familyName: 'Muster' });
  });

  it('when a value path with a filter is replaced, then the matching entry changes, or a new one is added', () => {
    const work = applyPatch(user, {
      Operations: [{ op: 'replace', path: 'emails[type eq "work"].value', value: 'new@example.ch' }],
    });
    expect(work.emails).toEqual([{ value: 'new@example.ch', type: 'work', primary: true }]);
    const home = applyPatch(user, {
      Operations: [{ op: 'add', path: 'emails[type eq "home"].value', value: 'home@example.ch' }],
    });
    expect(home.emails).toEqual([...user.emails, { type: 'home', value: 'home@example.ch' }]);
  });

  it('when members are added, then new ones are appended once and existing ones stay', () => {
    const patched = applyPatch(group, {
      Operations: [{ op: 'Add', path: 'members', value: [{ value: 'u2' }, { value: 'u3', $ref: null }] }],
    });
    expect(patched.members).toEqual([{ value: 'u1' }, { value: 'u2' }, { value: 'u3', $ref: null }]);
  });

  it('when members are removed by a value array (Entra) or a value filter (Okta), then only those go', () => {
    const entra = applyPatch(group, { Operations: [{ op: 'Remove', path: 'members', value: [{ value: 'u1' }] }] });
    expect(entra.members).toEqual([{ value: 'u2' }]);
    const okta = applyPatch(group, { Operations: [{ op: 'remove', path: 'members[value eq "u2"]' }] });
    expect(okta.members).toEqual([{ value: 'u1' }]);
    const all = applyPatch(group, { Operations: [{ op: 'remove', path: 'members' }] });
    expect(all).not.toHaveProperty('members');
  });

  it('when members are replaced, then the list is the one sent', () => {
    const patched = applyPatch(group, { Operations: [{ op: 'replace', path: 'members', value: [{ value: 'u9' }] }] });
    expect(patched.members).toEqual([{ value: 'u9' }]);
  });

  it('when an operation lacks what it needs, then it fails with the SCIM error type', () => {
    const failure = (operation: { op: string; path?: string; value?: unknown }) => {
      try {
        applyPatch(user, { Operations: [operation] });
        return undefined;
      } catch (error) {
        return error instanceof PatchError ? error.scimType : error;
      }
    };
    expect(failure({ op: 'remove' })).toBe('noTarget');
    expect(failure({ op: 'replace', value: 'not an object' })).toBe('invalidValue');
    expect(failure({ op: 'replace', path: 'displayName' })).toBe('invalidValue');
    expect(failure({ op: 'add', path: 'emails[type eq "work"]', value: 'text' })).toBe('invalidValue');
  });
});

/** The SCIM error type a patch fails with, or what else it answered. */
function refusal(patch: ScimPatch): unknown {
  try {
    return { applied: applyPatch(user, patch) };
  } catch (error) {
    return error instanceof PatchError ? error.scimType : error;
  }
}

describe('SCIM PATCH and the prototype', () => {
  const prototype = Object.prototype as Record<string, unknown>;
  afterEach(() => {
    delete prototype.polluted;
  });

  it.each([
    ['a path', { op: 'replace', path: '__proto__.polluted', value: 'yes' }],
    ['a path through constructor', { op: 'add', path: 'constructor.prototype', value: { polluted: 'yes' } }],
    ['a path named prototype', { op: 'replace', path: 'prototype', value: { polluted: 'yes' } }],
    ['a value key', { op: 'replace', value: { '__proto__.polluted': 'yes' } }],
    ['a value key through constructor', { op: 'replace', value: { 'constructor.prototype': { polluted: 'yes' } } }],
    ['a nested value key', { op: 'replace', value: JSON.parse('{"name":{"__proto__":{"polluted":"yes"}}}') }],
    ['a nested key under a path', { op: 'add', path: 'name', value: JSON.parse('{"__proto__":{"polluted":"yes"}}') }],
    ['a filter path’s sub-attribute', { op: 'add', path: 'emails[type eq "work"].__proto__', value: { polluted: 1 } }],
    ['a filter path’s field', { op: 'add', path: 'emails[__proto__ eq "x"].value', value: 'yes' }],
    ['a filter path’s attribute', { op: 'add', path: 'constructor[value eq "x"]', value: { polluted: 'yes' } }],
    ['a filter path after __proto__', { op: 'add', path: '__proto__[value eq "x"].polluted', value: 'yes' }],
  ])('when %s names a prototype, then it is refused and no prototype changes', (_form, operation) => {
    expect(refusal({ Operations: [operation] })).toBe('invalidPath');
    expect(prototype.polluted).toBeUndefined();
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });

  it('when a patch is applied, then the patched objects have no prototype to reach', () => {
    const patched = applyPatch(user, {
      Operations: [{ op: 'add', path: 'emails[type eq "home"].value', value: 'home@example.ch' }],
    });
    expect(Object.getPrototypeOf(patched)).toBeNull();
    expect(Object.getPrototypeOf(patched.name)).toBeNull();
  });
});

/** The CPU time `run` takes, in milliseconds (this process's, user and system). */
function cpuMillisecondsOf(run: () => unknown): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

describe('SCIM PATCH bounds', () => {
  // Each call of the worst shapes below took seconds (quadratic) or overflowed the stack before the bounds.
  const CPU_MILLISECONDS_MAX = 100;
  const dotted = (bytes: number) => 'a.'.repeat(bytes / 2);
  const nested = (bytes: number) => JSON.parse(`${'{"a":'.repeat(bytes / 6)}1${'}'.repeat(bytes / 6)}`);
  const manyKeys = (bytes: number) =>
    Object.fromEntries(Array.from({ length: bytes / 10 }, (_, index) => [`k${index}`, 1]));

  it.each([100_000, 1_000_000])(
    'when %d bytes of the worst shapes are sent, then each is refused in bounded CPU',
    (bytes) => {
      const shapes: [string, ScimPatch, string][] = [
        ['dotted path', { Operations: [{ op: 'replace', path: dotted(bytes), value: 1 }] }, 'invalidPath'],
        ['dotted value key', { Operations: [{ op: 'replace', value: { [dotted(bytes)]: 1 } }] }, 'invalidPath'],
        ['long value key', { Operations: [{ op: 'replace', value: { ['a'.repeat(bytes)]: 1 } }] }, 'invalidPath'],
        ['nested value', { Operations: [{ op: 'replace', path: 'name', value: nested(bytes) }] }, 'invalidValue'],
        ['many value keys', { Operations: [{ op: 'replace', value: manyKeys(bytes) }] }, 'invalidValue'],
        [
          'many operations',
          { Operations: Array.from({ length: 100 }, () => ({ op: 'replace', value: manyKeys(bytes / 100) })) },
          'invalidValue',
        ],
      ];
      for (const [shape, patch, scimType] of shapes) {
        let answer: unknown;
        const used = cpuMillisecondsOf(() => {
          answer = refusal(patch);
        });
        expect({ shape, answer, fast: used < CPU_MILLISECONDS_MAX }).toEqual({ shape, answer: scimType, fast: true });
      }
    },
  );

  it('when a member list of 1 MB is added, then it is applied in bounded CPU', () => {
    const members = Array.from({ length: 40_000 }, (_, index) => ({ value: `member-${index}` }));
    let patched: Record<string, unknown> = {};
    const used = cpuMillisecondsOf(() => {
      patched = applyPatch(group, { Operations: [{ op: 'add', path: 'members', value: members }] });
    });
    expect(patched.members).toHaveLength(40_002);
    expect(used).toBeLessThan(CPU_MILLISECONDS_MAX * 5);
  });
});
