import { isAllowedLink, RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS, TEXT_COLOR_PATTERN } from '@portal/contracts/rich-text';
import DOMPurify from 'dompurify';

/** The attributes each tag may keep (contracts/rich-text.ts); links get their target and rel set below. */
const ATTRIBUTES: Readonly<Record<string, readonly string[]>> = RICH_TEXT_ATTRIBUTES;
const COLOR_DECLARATION = /(?:^|;)\s*color\s*:\s*([^;]+?)\s*(?:;|$)/i;

const CONFIG = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR: [...new Set(Object.values(ATTRIBUTES).flat())],
  ALLOW_DATA_ATTR: false,
};

/** A purifier of its own, so that its hooks change nobody else's DOMPurify. */
let purifier: ReturnType<typeof DOMPurify> | undefined;

function instance() {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.nodeName.toLowerCase();
    if (!ATTRIBUTES[tag]?.includes(data.attrName)) {
      data.keepAttr = false;
    } else if (data.attrName === 'href') {
      data.keepAttr = isAllowedLink(data.attrValue);
    } else if (data.attrName === 'style') {
      // Of a span's style only its text colour stays, and only as #hex or rgb()/rgba().
      const color = COLOR_DECLARATION.exec(data.attrValue)?.[1];
      if (color && TEXT_COLOR_PATTERN.test(color)) data.attrValue = `color: ${color}`;
      else data.keepAttr = false;
    }
  });
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  });
  return purifier;
}

/**
 * A course description, safe to render: the server sanitized it before storing, and it is sanitized again
 * here with the same allow-list (contracts/rich-text.ts, DESIGN.md). Links open in a new tab without an opener.
 */
export function sanitizeDescription(html: string): string {
  return instance().sanitize(html, CONFIG);
}
