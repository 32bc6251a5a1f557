import { DEFAULT_TEXT_COLOR } from '@portal/contracts/rich-text';
import { type Editor, useEditorState } from '@tiptap/react';
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_NAMESPACE } from '../../../lib/i18n.ts';
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

interface ButtonProps {
  label: string;
  pressed?: boolean;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}

function ToolButton({ label, pressed, disabled, onClick, children }: ButtonProps) {
  return (
    <button
      type="button"
      className={styles.tool}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      // Keep the editor's selection: a click on the toolbar must not take the focus first.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
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
  const [linkOpen, setLinkOpen] = useState(false);
  const colorId = useId();
  const headingId = useId();
  const off = disabled || !editor || !state;
  const chain = () => {
    // Spec §8: a toolbar without its editor says so (the controls are disabled then anyway).
    if (!editor) throw new Error('Editor not found');
    return editor.chain().focus();
  };

  return (
    <div className={styles.toolbarWrap}>
      <div role="toolbar" aria-label={t('toolbar.label')} className={styles.toolbar} onKeyDown={moveFocus}>
        <div className={styles.group}>
          <label htmlFor={headingId} className={styles.visuallyHidden}>
            {t('toolbar.blockType')}
          </label>
          <select
            id={headingId}
            className={styles.select}
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
        <div className={styles.group}>
          <ToolButton
            label={t('toolbar.bold')}
            pressed={state?.bold}
            disabled={off}
            onClick={() => chain().toggleBold().run()}
          >
            <strong>B</strong>
          </ToolButton>
          <ToolButton
            label={t('toolbar.italic')}
            pressed={state?.italic}
            disabled={off}
            onClick={() => chain().toggleItalic().run()}
          >
            <em>I</em>
          </ToolButton>
          <ToolButton
            label={t('toolbar.strike')}
            pressed={state?.strike}
            disabled={off}
            onClick={() => chain().toggleStrike().run()}
          >
            <s>S</s>
          </ToolButton>
          <ToolButton
            label={t('toolbar.code')}
            pressed={state?.code}
            disabled={off}
            onClick={() => chain().toggleCode().run()}
          >
            <code>{'</>'}</code>
          </ToolButton>
        </div>
        <div className={styles.group}>
          <ToolButton
            label={t('toolbar.bulletList')}
            pressed={state?.bulletList}
            disabled={off}
            onClick={() => chain().toggleBulletList().run()}
          >
            •≡
          </ToolButton>
          <ToolButton
            label={t('toolbar.orderedList')}
            pressed={state?.orderedList}
            disabled={off}
            onClick={() => chain().toggleOrderedList().run()}
          >
            1≡
          </ToolButton>
          <ToolButton
            label={t('toolbar.codeBlock')}
            pressed={state?.codeBlock}
            disabled={off}
            onClick={() => chain().toggleCodeBlock().run()}
          >
            {'{ }'}
          </ToolButton>
          <ToolButton
            label={t('toolbar.blockquote')}
            pressed={state?.blockquote}
            disabled={off}
            onClick={() => chain().toggleBlockquote().run()}
          >
            ❝
          </ToolButton>
          <ToolButton
            label={t('toolbar.horizontalRule')}
            disabled={off}
            onClick={() => chain().setHorizontalRule().run()}
          >
            ―
          </ToolButton>
          <ToolButton label={t('toolbar.hardBreak')} disabled={off} onClick={() => chain().setHardBreak().run()}>
            ↵
          </ToolButton>
        </div>
        <div className={styles.group}>
          <label htmlFor={colorId} className={styles.visuallyHidden}>
            {t('toolbar.color')}
          </label>
          <input
            id={colorId}
            type="color"
            className={styles.color}
            title={t('toolbar.color')}
            disabled={off}
            value={toHex(state?.color ?? null)}
            onChange={(event) => chain().setColor(event.target.value).run()}
          />
          <ToolButton
            label={t('toolbar.defaultColor')}
            pressed={state?.color?.toLowerCase() === DEFAULT_TEXT_COLOR}
            disabled={off}
            onClick={() => chain().setColor(DEFAULT_TEXT_COLOR).run()}
          >
            <span className={styles.swatch} aria-hidden="true" />
          </ToolButton>
        </div>
        <div className={styles.group}>
          <ToolButton label={t('toolbar.link')} pressed={state?.link} disabled={off} onClick={() => setLinkOpen(true)}>
            <svg
              viewBox="0 0 24 24"
              width="18"
              height="18"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              aria-hidden="true"
              focusable="false"
            >
              <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
              <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
            </svg>
          </ToolButton>
          <ToolButton
            label={t('toolbar.unlink')}
            disabled={off || !state?.link}
            onClick={() => chain().extendMarkRange('link').unsetLink().run()}
          >
            <svg
              viewBox="0 0 24 24"
              width="18"
              height="18"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              aria-hidden="true"
              focusable="false"
            >
              <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
              <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
              <path d="M3 3l18 18" />
            </svg>
          </ToolButton>
        </div>
        <div className={styles.group}>
          <ToolButton label={t('toolbar.undo')} disabled={off || !state?.canUndo} onClick={() => chain().undo().run()}>
            ↶
          </ToolButton>
          <ToolButton label={t('toolbar.redo')} disabled={off || !state?.canRedo} onClick={() => chain().redo().run()}>
            ↷
          </ToolButton>
        </div>
      </div>
      {linkOpen && editor && (
        <LinkForm
          initial={(editor.getAttributes('link').href as string | undefined) ?? ''}
          onCancel={() => {
            setLinkOpen(false);
            editor.commands.focus();
          }}
          onApply={(href) => {
            setLinkOpen(false);
            const range = editor.chain().focus().extendMarkRange('link');
            if (editor.state.selection.empty && !editor.isActive('link')) {
              range.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
            } else {
              range.setLink({ href }).run();
            }
          }}
        />
      )}
    </div>
  );
}
