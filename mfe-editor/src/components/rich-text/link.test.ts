import { describe, expect, it } from '@jest/globals';
import { checkLink, isAllowedHref } from './link.ts';

describe('editor links', () => {
  it.each([
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['http://example.com', 'http://example.com'],
    ['ftp://files.example.com/x', 'ftp://files.example.com/x'],
    ['ftps://files.example.com/x', 'ftps://files.example.com/x'],
    ['mailto:anna@example.ch', 'mailto:anna@example.ch'],
    ['tel:+41811234567', 'tel:+41811234567'],
    ['callto:anna', 'callto:anna'],
    ['sms:+41791234567', 'sms:+41791234567'],
    ['cid:part1@example', 'cid:part1@example'],
    ['xmpp:anna@example.ch', 'xmpp:anna@example.ch'],
    ['  example.com/page  ', 'https://example.com/page'],
    ['localhost:8080/x', 'https://localhost:8080/x'],
    ['anna@example.ch', 'mailto:anna@example.ch'],
    ['+41 44 123 45 67', 'tel:+41441234567'],
    ['(044) 123-45-67', 'tel:0441234567'],
    ['192.168.1.10', 'https://192.168.1.10'],
  ])('when the address is %p, then the link is %p', (input, href) => {
    expect(checkLink(input)).toEqual({ ok: true, href });
  });

  it.each([
    ['javascript:alert(1)', 'scheme'],
    ['JavaScript:alert(1)', 'scheme'],
    ['data:text/html,<b>x</b>', 'invalid'],
    ['data:text/html;base64,PHNjcmlwdD4=', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['vbscript:msgbox', 'scheme'],
    ['//evil.example', 'invalid'],
    ['/relative/path', 'invalid'],
    ['not a link', 'invalid'],
    ['anna@', 'invalid'],
    ['12 34', 'invalid'],
    ['https://', 'invalid'],
    ['', 'empty'],
  ])('when the address is %p, then it is refused (%s)', (input, reason) => {
    expect(checkLink(input)).toEqual({ ok: false, reason });
  });

  it('when TipTap asks about a stored href, then only allowed schemes pass', () => {
    expect(isAllowedHref('https://example.com')).toBe(true);
    expect(isAllowedHref('mailto:a@b.ch')).toBe(true);
    expect(isAllowedHref('javascript:alert(1)')).toBe(false);
    expect(isAllowedHref(undefined)).toBe(false);
  });
});
