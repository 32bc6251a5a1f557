import { describe, expect, it } from '@jest/globals';
import { loginHrefReturningTo, safeReturnPath } from './return-path.ts';

describe('the page to return to after sign-in', () => {
  it.each(['/course/3f2b0c4e-5d6a-4b7c-8d9e-0f1a2b3c4d5e', '/dashboard?q=fire#list', '/edit-course/42'])(
    'when it is a path of the portal (%s), then it is kept',
    (path) => expect(safeReturnPath(path)).toBe(path),
  );

  it.each([
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/course/1',
    'javascript:alert(1)',
    'course/1',
    '',
    null,
    `/${'a'.repeat(3000)}`,
  ])('when it leads elsewhere or is no path (%s), then there is none', (value) => {
    expect(safeReturnPath(value)).toBeUndefined();
  });

  it.each([
    '/.//evil.example',
    '/..//evil.example',
    '/%2e%2e//evil.example',
    '/a/%2E%2E//evil.example',
    '/./\\evil.example',
  ])('when it resolves to a path that starts with two slashes (%s), then there is none', (value) =>
    expect(safeReturnPath(value)).toBeUndefined(),
  );

  it('when the login address is built, then the path survives the query string', () => {
    const href = loginHrefReturningTo('/login', '/dashboard?q=a&b=c');
    expect(safeReturnPath(new URL(href, 'http://x').searchParams.get('next'))).toBe('/dashboard?q=a&b=c');
  });
});
