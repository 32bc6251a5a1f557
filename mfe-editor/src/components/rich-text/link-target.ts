import { type Editor, getMarkRange } from '@tiptap/core';

/** What the link dialog works on: the whole link around the cursor, else the selection (maybe empty). */
export interface LinkTarget {
  from: number;
  to: number;
  text: string;
  /** The address of the link being edited; null for a new one. */
  href: string | null;
}

export function linkTarget(editor: Editor): LinkTarget {
  const { state } = editor;
  const linkType = state.schema.marks.link;
  if (linkType && editor.isActive('link')) {
    const range = getMarkRange(state.selection.$from, linkType);
    if (range) {
      const href = editor.getAttributes('link').href as unknown;
      return {
        ...range,
        text: state.doc.textBetween(range.from, range.to),
        href: typeof href === 'string' ? href : null,
      };
    }
  }
  const { from, to } = state.selection;
  return { from, to, text: state.doc.textBetween(from, to, ' ').trim(), href: null };
}

/**
 * Makes the target a link to `href` showing `text` (the address as the author typed it when they left the text
 * empty). Unchanged text keeps its formatting; the cursor ends after the link, outside it (the mark is not
 * inclusive), so what is typed next is plain text.
 */
export function applyLink(editor: Editor, target: LinkTarget, link: { text: string; href: string; typed: string }) {
  const text = link.text.trim() || target.text || link.typed.trim();
  const chain = editor.chain().focus();
  if (target.from !== target.to && text === target.text) {
    chain.setTextSelection({ from: target.from, to: target.to }).setLink({ href: link.href });
  } else {
    chain.insertContentAt(
      { from: target.from, to: target.to },
      { type: 'text', text, marks: [{ type: 'link', attrs: { href: link.href } }] },
    );
  }
  chain.setTextSelection(target.from + text.length).run();
}

/** The link's text stays, as plain text. */
export function removeLink(editor: Editor, target: LinkTarget) {
  editor
    .chain()
    .focus()
    .setTextSelection({ from: target.from, to: target.to })
    .unsetLink()
    .setTextSelection(target.to)
    .run();
}
