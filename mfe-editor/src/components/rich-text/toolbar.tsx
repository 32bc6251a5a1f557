import { DEFAULT_TEXT_COLOR } from '@portal/contracts/rich-text';
import hidden from '@portal/web-kit/styles/visually-hidden.module.css';
import { type Editor, useEditorState } from '@tiptap/react';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_NAMESPACE } from '../../lib/i18n.ts';
import { applyLink, type LinkTarget, linkTarget, removeLink } from './link-target.ts';
import { LinkForm } from './link-form.tsx';
import styles from './rich-text-editor.module.css';

type Level = 1 | 2 | 3 | 4 | 5 | 6;

interface ToolbarState {
  bold: boolean;
  italic: boolean;
  strike: boolean;
  code: boolean;
  bulletList: boolean;
  orderedList: boolean;
  codeBlock: boolean;
  blockquote: boolean;
  link: boolean;
  level: Level | 0;
  color: string | null;
  canUndo: boolean;
  canRedo: boolean;
}

const LEVELS: Level[] = [1, 2, 3, 4, 5, 6];

function stateOf(editor: Editor | null): ToolbarState | null {
  if (!editor) return null;
  const level = LEVELS.find((value) => editor.isActive('heading', { level: value })) ?? 0;
  const color = editor.getAttributes('textStyle').color as unknown;
  return {
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    strike: editor.isActive('strike'),
    code: editor.isActive('code'),
    bulletList: editor.isActive('bulletList'),
    orderedList: editor.isActive('orderedList'),
    codeBlock: editor.isActive('codeBlock'),
    blockquote: editor.isActive('blockquote'),
    link: editor.isActive('link'),
    level,
    color: typeof color === 'string' ? color : null,
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
  };
}

/** '#6b21a8' stays; 'rgb(107, 33, 168)' becomes '#6b21a8': what <input type="color"> takes. */
function toHex(color: string | null): string {
  if (!color) return DEFAULT_TEXT_COLOR;
  if (/^#[0-9a-f]{6}$/i.test(color)) return color.toLowerCase();
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/i.exec(color);
  if (!rgb) return DEFAULT_TEXT_COLOR;
  return `#${rgb
    .slice(1, 4)
    .map((part) => Number(part).toString(16).padStart(2, '0'))
    .join('')}`;
}

type ChainedCommands = ReturnType<Editor['chain']>;

/** One toolbar button: its label (toolbar.<name>), what it shows, and what it does to the editor. */
interface Tool {
  name: string;
  glyph: ReactNode;
  run: (chain: ChainedCommands) => ChainedCommands;
  pressed?: (state: ToolbarState) => boolean;
  enabled?: (state: ToolbarState) => boolean;
}

const LinkGlyph = ({ crossed = false }: { crossed?: boolean }) => (
  <svg
    viewBox="0 0 24 24"
    width="18"
    height="18"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    focusable="false"
  >
    <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
    <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
    {crossed && <path d="M3 3l18 18" />}
  </svg>
);

const INLINE_TOOLS: Tool[] = [
  { name: 'bold', glyph: <strong>B</strong>, run: (c) => c.toggleBold(), pressed: (s) => s.bold },
  { name: 'italic', glyph: <em>I</em>, run: (c) => c.toggleItalic(), pressed: (s) => s.italic },
  { name: 'strike', glyph: <s>S</s>, run: (c) => c.toggleStrike(), pressed: (s) => s.strike },
  { name: 'code', glyph: <code>{'</>'}</code>, run: (c) => c.toggleCode(), pressed: (s) => s.code },
];

const BLOCK_TOOLS: Tool[] = [
  { name: 'bulletList', glyph: '•≡', run: (c) => c.toggleBulletList(), pressed: (s) => s.bulletList },
  { name: 'orderedList', glyph: '1≡', run: (c) => c.toggleOrderedList(), pressed: (s) => s.orderedList },
  { name: 'codeBlock', glyph: '{ }', run: (c) => c.toggleCodeBlock(), pressed: (s) => s.codeBlock },
  { name: 'blockquote', glyph: '❝', run: (c) => c.toggleBlockquote(), pressed: (s) => s.blockquote },
  { name: 'horizontalRule', glyph: '―', run: (c) => c.setHorizontalRule() },
  { name: 'hardBreak', glyph: '↵', run: (c) => c.setHardBreak() },
];

const COLOR_TOOLS: Tool[] = [
  {
    name: 'defaultColor',
    glyph: <span className={styles.swatch} />,
    run: (c) => c.setColor(DEFAULT_TEXT_COLOR),
    pressed: (s) => s.color?.toLowerCase() === DEFAULT_TEXT_COLOR,
  },
];

const UNLINK_TOOLS: Tool[] = [
  {
    name: 'unlink',
    glyph: <LinkGlyph crossed />,
    run: (c) => c.extendMarkRange('link').unsetLink(),
    enabled: (s) => s.link,
  },
];

const HISTORY_TOOLS: Tool[] = [
  { name: 'undo', glyph: '↶', run: (c) => c.undo(), enabled: (s) => s.canUndo },
  { name: 'redo', glyph: '↷', run: (c) => c.redo(), enabled: (s) => s.canRedo },
];

interface ButtonProps {
  label: string;
  glyph: ReactNode;
  pressed?: boolean;
  disabled: boolean;
  onClick: () => void;
}

/**
 * The glyph is decoration; the button is named by its label in words (visually hidden, shown as a tooltip), so
 * the name a speech-input user says ("click Numbered list") is the button's whole name.
 */
function ToolButton({ label, glyph, pressed, disabled, onClick }: ButtonProps) {
  return (
    <button
      type="button"
      className={styles.tool}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      // Keep the editor's selection: a click on the toolbar must not take the focus first.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      <span aria-hidden="true">{glyph}</span>
      <span className={hidden.visuallyHidden}>{label}</span>
    </button>
  );
}
/** Arrow keys move between the toolbar's controls (Tab still moves through them one by one). */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
  const controls = [
    ...event.currentTarget.querySelectorAll<HTMLElement>('button:not(:disabled), select:not(:disabled), input'),
  ];
  const index = controls.indexOf(document.activeElement as HTMLElement);
  if (index < 0) return;
  event.preventDefault();
  const next = (index + (event.key === 'ArrowRight' ? 1 : -1) + controls.length) % controls.length;
  controls[next]?.focus();
}

/** The editor toolbar of spec §2, plus links. Every control has a translated name and shows its state. */
export function Toolbar({ editor, disabled }: { editor: Editor | null; disabled: boolean }) {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const state = useEditorState({ editor, selector: ({ editor: current }) => stateOf(current) });
  const [link, setLink] = useState<LinkTarget | null>(null);
  const off = disabled || !editor || !state;
  const chain = () => {
    // Spec §8: a toolbar without its editor says so (the controls are disabled then anyway).
    if (!editor) throw new Error('Editor not found');
    return editor.chain().focus();
  };
  const tools = (group: Tool[]) =>
    group.map((tool) => (
      <ToolButton
        key={tool.name}
        label={t(`toolbar.${tool.name}`)}
        glyph={tool.glyph}
        pressed={state && tool.pressed ? tool.pressed(state) : undefined}
        disabled={off || !state || (tool.enabled !== undefined && !tool.enabled(state))}
        onClick={() => tool.run(chain()).run()}
      />
    ));
  const closeLink = () => {
    setLink(null);
    editor?.commands.focus();
  };

  return (
    <div className={styles.toolbarWrap}>
      <div role="toolbar" aria-label={t('toolbar.label')} className={styles.toolbar} onKeyDown={moveFocus}>
        <div className={styles.group}>
          <select
            className={styles.select}
            aria-label={t('toolbar.blockType')}
            title={t('toolbar.blockType')}
            disabled={off}
            value={String(state?.level ?? 0)}
            onChange={(event) => {
              const level = Number(event.target.value);
              if (level === 0) chain().setParagraph().run();
              else
                chain()
                  .setHeading({ level: level as Level })
                  .run();
            }}
          >
            <option value="0">{t('toolbar.paragraph')}</option>
            {LEVELS.map((level) => (
              <option key={level} value={String(level)}>
                {t('toolbar.heading', { level })}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.group}>{tools(INLINE_TOOLS)}</div>
        <div className={styles.group}>{tools(BLOCK_TOOLS)}</div>
        <div className={styles.group}>
          <input
            type="color"
            className={styles.color}
            aria-label={t('toolbar.color')}
            title={t('toolbar.color')}
            disabled={off}
            value={toHex(state?.color ?? null)}
            onChange={(event) => chain().setColor(event.target.value).run()}
          />
          {tools(COLOR_TOOLS)}
        </div>
        <div className={styles.group}>
          <ToolButton
            label={t('toolbar.link')}
            glyph={<LinkGlyph />}
            pressed={state?.link}
            disabled={off}
            onClick={() => editor && setLink(linkTarget(editor))}
          />
          {tools(UNLINK_TOOLS)}
        </div>
        <div className={styles.group}>{tools(HISTORY_TOOLS)}</div>
      </div>
      {link && editor && (
        <LinkForm
          initialText={link.text}
          initialHref={link.href}
          onCancel={closeLink}
          onRemove={() => {
            setLink(null);
            removeLink(editor, link);
          }}
          onApply={(typed) => {
            setLink(null);
            applyLink(editor, link, typed);
          }}
        />
      )}
    </div>
  );
}
