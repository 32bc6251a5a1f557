import { describe, expect, it } from '@jest/globals';
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
