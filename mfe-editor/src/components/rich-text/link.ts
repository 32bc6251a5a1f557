import { LINK_SCHEMES } from '@portal/contracts/rich-text';

export type LinkCheck = { ok: true; href: string } | { ok: false; reason: 'empty' | 'scheme' | 'invalid' };

/** "+41 44 123 45 67", "044 123 45 67", "(044) 123-45-67": digits with the usual separators, no dots. */
const PHONE = /^\+?[0-9(][0-9 ()/-]{4,}[0-9]$/;
const EMAIL = /^[^\s@:/]+@[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+$/u;

/**
 * The editor's link rule (spec §5): only http, https, ftp, ftps, mailto, tel, callto, sms, cid and xmpp.
 * Authors type what they know: an address without a scheme ("example.com") becomes https, an e-mail address
 * mailto: and a phone number tel:. Relative paths, protocol-relative addresses and every other scheme
 * (javascript:, data:, file:, …) are refused.
 */
export function checkLink(input: string): LinkCheck {
  const text = input.trim();
  if (text === '') return { ok: false, reason: 'empty' };
  if (PHONE.test(text)) return { ok: true, href: `tel:${text.replace(/[ ()/-]/g, '')}` };
  if (/[\s<>"]/.test(text) || text.startsWith('//')) return { ok: false, reason: 'invalid' };
  if (EMAIL.test(text)) return { ok: true, href: `mailto:${text}` };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
  if (scheme === undefined) {
    // "example.com/page" or "www.example.com": a host name, not a path.
    if (!/^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+(:\d+)?([/?#].*)?$/u.test(text)) return { ok: false, reason: 'invalid' };
    return { ok: true, href: `https://${text}` };
  }
  // "localhost:8080" reads as a scheme to the pattern above: treat host:port like a host.
  if (/^[a-z0-9.-]+:\d+([/?#].*)?$/i.test(text)) return { ok: true, href: `https://${text}` };
  if (!(LINK_SCHEMES as readonly string[]).includes(scheme)) return { ok: false, reason: 'scheme' };
  const rest = text.slice(scheme.length + 1);
  if (rest === '' || rest === '//') return { ok: false, reason: 'invalid' };
  return { ok: true, href: text };
}

/** For TipTap's isAllowedUri: a stored or pasted href passes only with an allowed scheme. */
export function isAllowedHref(href: string | undefined): boolean {
  if (!href) return false;
  const check = checkLink(href);
  return check.ok && check.href === href.trim();
}
