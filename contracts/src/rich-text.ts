/**
 * The allow-list of the course description: what the TipTap editor writes, and nothing else. The courses
 * service sanitizes with it before storing, the slices again before rendering (DESIGN.md, rich text).
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  's',
  'code',
  'pre',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'hr',
  'a',
  'span',
] as const;

/** Attributes per tag: links keep their target, spans their colour (and only that style). */
export const RICH_TEXT_ATTRIBUTES = { a: ['href', 'target', 'rel'], span: ['style'], ol: ['start'] } as const;

/** Link schemes the editor allows (spec §5). */
export const LINK_SCHEMES = ['http', 'https', 'ftp', 'ftps', 'mailto', 'tel', 'callto', 'sms', 'cid', 'xmpp'] as const;

/** The one style the editor writes: a text colour, as #hex or rgb()/rgba(). */
export const TEXT_COLOR_PATTERN =
  /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/i;

/** The colour of the editor's default-colour button (spec §2). */
export const DEFAULT_TEXT_COLOR = '#6b21a8';

/** Whether a link target uses an allowed scheme (relative links and anchors are allowed too). */
export function isAllowedLink(href: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href.trim())?.[1]?.toLowerCase();
  return scheme === undefined || (LINK_SCHEMES as readonly string[]).includes(scheme);
}
