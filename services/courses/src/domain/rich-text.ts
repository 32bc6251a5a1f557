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

/** What ends a block in the text a reader sees: a sentence mark, or a colon before what it introduces. */
const SENTENCE_END = /[.!?…:;]$/u;
const BLOCK_MARK = '\uE000';
/** Where a block starts or ends (a list nested in a list item starts a new block too). */
const BLOCK_EDGE = /<\/?(p|h[1-6]|li|ul|ol|blockquote|pre)\b[^>]*>|<(br|hr)\s*\/?>/gi;

/**
 * The description's blocks (paragraphs, headings, list items, quotes) as one line for a card: a block that
 * ends without a sentence mark (a heading, a list item) is followed by " · ", so blocks never run together
 * into one sentence.
 */
export function cardText(html: string): string {
  const text = textContent(
    parseDocument(html.replace(BLOCK_EDGE, `${BLOCK_MARK}$&${BLOCK_MARK}`), { decodeEntities: true }).children,
  );
  const blocks = text
    .split(BLOCK_MARK)
    .map((block) => block.replace(/\s+/g, ' ').trim())
    .filter((block) => block.length > 0);
  return blocks.reduce(
    (line, block, index) =>
      index === 0 ? block : `${line}${SENTENCE_END.test(blocks[index - 1] ?? '') ? ' ' : ' · '}${block}`,
    '',
  );
}

/** The card's text cut to the short description's length at a word boundary. */
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
