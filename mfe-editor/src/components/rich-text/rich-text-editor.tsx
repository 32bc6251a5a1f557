import { Color } from '@tiptap/extension-color';
import { Link } from '@tiptap/extension-link';
import { TextStyle } from '@tiptap/extension-text-style';
import { type Editor, EditorContent, useEditor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';
import { isAllowedHref } from './link.ts';
import styles from './rich-text-editor.module.css';
import { Toolbar } from './toolbar.tsx';

/** Spec §9: undo depth 100, new group after 500 ms; headings 1 to 6. */
const HISTORY = { depth: 100, newGroupDelay: 500 } as const;
const HEADING_LEVELS = [1, 2, 3, 4, 5, 6] as const;

/**
 * A link ends where the author stops typing it: text typed at its end is not part of it (TipTap's link is
 * inclusive while autolink is on, so that a URL being typed grows into its link).
 */
const ExclusiveLink = Link.extend({ inclusive: () => false });

/**
 * The extensions of the description editor. Their output stays within the server's allow-list
 * (contracts/rich-text.ts): underline (<u>) is left out, colours are spans with a color style only.
 */
function editorExtensions() {
  return [
    StarterKit.configure({
      undoRedo: HISTORY,
      heading: { levels: [...HEADING_LEVELS] },
      underline: false,
      link: false,
    }),
    ExclusiveLink.configure({
      openOnClick: false,
      autolink: true,
      linkOnPaste: true,
      defaultProtocol: 'https',
      isAllowedUri: (url) => isAllowedHref(url),
      shouldAutoLink: (url) => isAllowedHref(url),
      HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
    TextStyle,
    Color,
  ];
}

/**
 * TipTap destroys an instance whose component has not mounted a millisecond after it made it, and then makes a new
 * one; the first effects of a lazily loaded editor can run later than that, with the destroyed one.
 */
function isLive(editor: Editor | null): editor is Editor {
  return editor !== null && !editor.isDestroyed;
}

export interface EditorText {
  html: string;
  /** The text the user typed: what the description's length rule counts. */
  text: string;
}

function textOf(editor: Editor): EditorText {
  return { html: editor.isEmpty ? '' : editor.getHTML(), text: editor.getText() };
}

interface Props {
  /** The HTML to show whenever `revision` changes (a load or a reload): the editor owns the content between. */
  html: string;
  revision: number;
  disabled: boolean;
  labelId: string;
  describedBy: string;
  /** The language of the text (spelling, hyphenation, screen readers). */
  lang: string;
  invalid: boolean;
  onChange: (text: EditorText) => void;
  onSynced: (text: EditorText) => void;
}

/** The description: TipTap with the toolbar of spec §2. */
export function RichTextEditor({
  html,
  revision,
  disabled,
  labelId,
  describedBy,
  lang,
  invalid,
  onChange,
  onSynced,
}: Props) {
  const callbacks = useRef({ onChange, onSynced, html });
  useEffect(() => {
    callbacks.current = { onChange, onSynced, html };
  });

  const editor = useEditor({
    extensions: editorExtensions(),
    editable: !disabled,
    editorProps: {
      attributes: {
        class: styles.content ?? '',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-required': 'true',
        'aria-labelledby': labelId,
        'aria-describedby': describedBy,
      },
    },
    onUpdate: ({ editor: current }) => callbacks.current.onChange(textOf(current)),
  });

  useEffect(() => {
    if (!isLive(editor)) return;
    editor.commands.setContent(callbacks.current.html, { emitUpdate: false });
    callbacks.current.onSynced(textOf(editor));
  }, [editor, revision]);

  useEffect(() => {
    if (isLive(editor)) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  useEffect(() => {
    if (isLive(editor)) editor.view.dom.setAttribute('aria-invalid', String(invalid));
  }, [editor, invalid]);

  useEffect(() => {
    if (isLive(editor)) editor.view.dom.setAttribute('lang', lang);
  }, [editor, lang]);

  return (
    <div className={`${styles.editor} ${disabled ? styles.disabled : ''}`}>
      <Toolbar editor={editor} disabled={disabled} />
      <EditorContent editor={editor} className={styles.area} />
    </div>
  );
}
