import { describe, expect, it } from '@jest/globals';
import { safeNextPath } from '../src/oidc.ts';

describe('the page a provider sign-in returns to', () => {
  it('when next is a path of the portal with a query, then it is kept as it is', () => {
    expect(safeNextPath('/courses?page=2&q=a+b')).toBe('/courses?page=2&q=a+b');
    expect(safeNextPath('/course/3f2b0c4e-5d6a-4b7c-8d9e-0f1a2b3c4d5e#files')).toBe(
      '/course/3f2b0c4e-5d6a-4b7c-8d9e-0f1a2b3c4d5e#files',
    );
  });

  it.each([
    ['another host', '//evil.test/x'],
    ['a backslash host', '/\\evil.test'],
    ['a scheme', 'https://evil.test/'],
    ['a script', 'javascript:alert(1)'],
    ['a relative path', 'dashboard'],
    ['a line break', '/a\r\nSet-Cookie: x=1'],
    ['a space', '/a b'],
    ['a text too long', `/${'a'.repeat(2048)}`],
    ['a dot segment before two slashes', '/.//evil.example'],
    ['a parent segment before two slashes', '/..//evil.example'],
    ['an encoded parent segment before two slashes', '/%2e%2e//evil.example'],
    ['an encoded parent segment further in', '/courses/%2E%2E//evil.example/x'],
  ])('when next is %s, then the portal home is used instead', (_what, next) => {
    expect(safeNextPath(next)).toBe('/');
  });

  it('when there is no next, then the portal home is used', () => {
    expect(safeNextPath(undefined)).toBe('/');
  });
});
