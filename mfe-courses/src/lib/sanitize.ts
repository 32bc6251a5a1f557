import DOMPurify from 'dompurify';

/** Link schemes the editor allows (spec §5); relative links and anchors stay too. */
const ALLOWED_URI = /^(?:(?:https?|ftps?|mailto|tel|callto|sms|cid|xmpp):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** The one style the editor writes: a text colour on a span. */
const COLOR = /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/i;
const COLOR_DECLARATION = /(?:^|;)\s*color\s*:\s*([^;]+?)\s*(?:;|$)/i;

const CONFIG = {
  ALLOWED_TAGS: [
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
  ],
  ALLOWED_ATTR: ['href', 'style'],
  ALLOWED_URI_REGEXP: ALLOWED_URI,
  ALLOW_DATA_ATTR: false,
};

/** A purifier of its own, so that its hooks change nobody else's DOMPurify. */
let purifier: ReturnType<typeof DOMPurify> | undefined;

function instance() {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('uponSanitizeAttribute', (node, data) => {
    if (data.attrName !== 'style') return;
    const color = node.nodeName === 'SPAN' ? COLOR_DECLARATION.exec(data.attrValue)?.[1] : undefined;
    if (color && COLOR.test(color)) data.attrValue = `color: ${color}`;
    else data.keepAttr = false;
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
 * here with the editor's allow-list (DESIGN.md, rich text). Links open in a new tab without an opener.
 */
export function sanitizeDescription(html: string): string {
  return instance().sanitize(html, CONFIG);
}
