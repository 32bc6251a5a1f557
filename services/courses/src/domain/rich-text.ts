import { COURSE_LIMITS } from '@portal/contracts/courses';
import { LINK_SCHEMES, RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS, TEXT_COLOR_PATTERN } from '@portal/contracts/rich-text';
import { textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';

/** The allow-list of contracts/rich-text.ts; everything else is dropped before storing. */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedStyles: { span: { color: [TEXT_COLOR_PATTERN] } },
  allowedSchemes: [...LINK_SCHEMES],
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

const BLOCK_END = /<\/(p|h[1-6]|li|blockquote|pre)>|<(br|hr)\s*\/?>/gi;

/**
 * The text a reader sees, blocks separated by a space and whitespace collapsed: what the 1-2500 character
 * rule counts (never more than the editor's own count, which separates blocks with blank lines).
 */
export function plainText(html: string): string {
  return textContent(parseDocument(html.replace(BLOCK_END, '$& '), { decodeEntities: true }).children)
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
