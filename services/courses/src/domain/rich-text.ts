import { COURSE_LIMITS } from '@portal/contracts/courses';
import { textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';

/** Link schemes the editor allows (spec §5). */
export const LINK_SCHEMES = ['http', 'https', 'ftp', 'ftps', 'mailto', 'tel', 'callto', 'sms', 'cid', 'xmpp'];

const COLOR = /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/i;

/** The allow-list of what the TipTap editor produces; everything else is dropped before storing. */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    's',
    'strike',
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
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], span: ['style'], ol: ['start'] },
  allowedStyles: { span: { color: [COLOR] } },
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
};

export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** The text a reader sees, whitespace collapsed: what the 1-2500 character rule counts. */
export function plainText(html: string): string {
  return textContent(parseDocument(html, { decodeEntities: true }).children)
    .replace(/\s+/g, ' ')
    .trim();
}

export function shortDescription(text: string): string {
  if (text.length <= COURSE_LIMITS.shortDescriptionMax) return text;
  const cut = text.slice(0, COURSE_LIMITS.shortDescriptionMax - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${lastSpace > 100 ? cut.slice(0, lastSpace) : cut}…`;
}

/** Lower case without accents: search is case- and accent-insensitive on both sides. */
export function searchable(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
