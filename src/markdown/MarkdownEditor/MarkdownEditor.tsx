import clsx from 'clsx';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type ComponentPropsWithoutRef,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { Alert } from '../../components/Alert/Alert';
import { useDataAdapters } from '../../components/DataProvider/DataProvider';
import { Icon } from '../../components/Icon';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { useControllableState } from '../../hooks/useControllableState';
import { useIsClient } from '../../hooks/useIsClient';
import { useMergedRefs } from '../../hooks/useMergedRefs';
import { isApplePlatform, isQuickSubmitKey } from '../../utils/keyboard';
import type { RenderGfmOptions } from '../pipeline/types';
import { applyTextEdit, formatMarkdown, shortcutCommand, type MarkdownCommand } from './commands';
import {
  MARKDOWN_PREVIEW_EMPTY_TEXT,
  MARKDOWN_PREVIEW_ERROR_TEXT,
  MARKDOWN_PREVIEW_LOADING_TEXT,
  MARKDOWN_PREVIEW_TOGGLE_LABELS,
  REFERENCED_USERS_MESSAGE,
  REFERENCED_USERS_THRESHOLD,
  type MarkdownEditorMode,
} from './constants';
import { MarkdownEditorToolbar } from './MarkdownEditorToolbar';
import { MarkdownHtml } from './MarkdownHtml';
import { createMarkdownPreviewAdapter, useMarkdownPreview, type MarkdownPreviewAdapter } from './useMarkdownPreview';
import './MarkdownEditor.css';

/** The referenced-commands HTML is shown sanitised, without enhancers. */
const COMMANDS_RENDER_OPTIONS: RenderGfmOptions = { enhancers: [] };

type TextareaProps = Omit<
  ComponentPropsWithoutRef<'textarea'>,
  'value' | 'defaultValue' | 'onChange' | 'placeholder' | 'disabled' | 'id'
>;

export interface MarkdownEditorProps extends Omit<
  ComponentPropsWithoutRef<'div'>,
  'children' | 'defaultValue' | 'onChange' | 'onSubmit'
> {
  /** The textarea's label (its accessible name). */
  label: ReactNode;
  /**
   * Keep the label for screen readers only (when the surrounding page already titles the editor).
   * @default false
   */
  isLabelHidden?: boolean;
  /** The Markdown text (controlled). */
  value?: string;
  /**
   * The Markdown text at first render when uncontrolled.
   * @default ''
   */
  defaultValue?: string;
  /** Called with the new text on every change: typing, and each toolbar command or shortcut. */
  onChange?: (value: string) => void;
  /** The mode (controlled): `write` shows the textarea and toolbar, `preview` the rendered text. */
  mode?: MarkdownEditorMode;
  /**
   * The mode at first render when uncontrolled.
   * @default 'write'
   */
  defaultMode?: MarkdownEditorMode;
  /** Called with the mode the toggle asks for. */
  onModeChange?: (mode: MarkdownEditorMode) => void;
  /**
   * Turns the text into its preview. The default POSTs `{ text }` to `previewUrl` with `postJson`
   * and expects `{ body, references: { users, commands } }`. Called only for non-blank text, and
   * once per text (the last text and answer are cached).
   * @default the `DataProvider`'s `previewMarkdown` with `previewUrl`, else POST `{ text }` to `previewUrl`
   */
  previewMarkdown?: MarkdownPreviewAdapter;
  /**
   * Where the default `previewMarkdown` POSTs (the page's preview endpoint).
   * @default undefined
   */
  previewUrl?: string;
  /**
   * Options for the `<Markdown>` showing the preview body (enhancers, the signed-in viewer,
   * popover adapters, math and diagram settings).
   * @default undefined (the default pipeline)
   */
  renderOptions?: RenderGfmOptions;
  /**
   * Placeholder of the textarea.
   * @default undefined
   */
  placeholder?: string;
  /**
   * Quick submit: called with the text when the user presses Ctrl-Enter (Cmd-Enter on Apple
   * keyboards) in the textarea. Leave it out inside a `<Form quickSubmit>`, which submits itself.
   * @default undefined
   */
  onSubmit?: (value: string) => void;
  /**
   * Disables the textarea, the toolbar and the toggle.
   * @default false
   */
  disabled?: boolean;
  /**
   * More props for the textarea (`name`, `rows`, `required`, `maxLength`, `aria-describedby`,
   * `onKeyDown` (runs after the editor's own), ...). The text comes and goes through `value`,
   * `defaultValue` and `onChange` of the editor.
   * @default undefined
   */
  textareaProps?: TextareaProps;
  /** Ref to the textarea. */
  textareaRef?: Ref<HTMLTextAreaElement>;
  ref?: Ref<HTMLDivElement>;
}

/** The referenced-users note with the count in bold. */
function ReferencedUsersNote({ count }: { count: number }) {
  const [before, after] = REFERENCED_USERS_MESSAGE.split('%{count}');
  return (
    <p className="fk-markdown-editor__referenced-users" data-component="MarkdownEditor.ReferencedUsers">
      <Icon name="warning-solid" className="fk-markdown-editor__referenced-users-icon" />
      <span>
        {before}
        <strong>{count}</strong>
        {after}
      </span>
    </p>
  );
}

/**
 * A Markdown text field with a formatting toolbar and a preview (GitLab's `markdown_field`).
 *
 * - **Write and preview** (spec section 2): the toggle reads 'Preview' in write mode and
 *   'Continue editing' in preview mode. Opening the preview hides the write area (the textarea stays
 *   mounted, so its undo history survives); returning restores the textarea's earlier height and
 *   focuses it.
 * - **Preview** (spec sections 4, 5, 8): idle, 'Loading...', rendered. Blank text shows 'Nothing to
 *   preview' without a request. The last text and answer are cached. 10 or more referenced users
 *   show a note that they will all be notified; referenced commands show when non-empty. A failure
 *   shows the danger alert 'An error occurred while fetching Markdown preview.'.
 * - **Toolbar**: bold, italic, strikethrough, quote, code, link, bulleted, numbered and task lists,
 *   table; shortcuts Mod+B, Mod+I, Mod+Shift+X, Mod+K (Mod is ⌘ on Apple platforms, Ctrl elsewhere).
 *   Edits go through the browser's undo history.
 * - **Quick submit**: Ctrl-Enter or Cmd-Enter calls `onSubmit` with the text.
 *
 * State is on the root as `data-mode` (`write`, `preview`) and `data-preview-state` (`idle`,
 * `loading`, `rendered`, `empty`, `error`).
 */
export function MarkdownEditor({
  label,
  isLabelHidden = false,
  value: valueProp,
  defaultValue = '',
  onChange,
  mode: modeProp,
  defaultMode = 'write',
  onModeChange,
  previewMarkdown,
  previewUrl,
  renderOptions,
  placeholder,
  onSubmit,
  disabled = false,
  textareaProps,
  textareaRef,
  className,
  ref,
  ...rest
}: MarkdownEditorProps) {
  const [text, setText] = useControllableState({ value: valueProp, defaultValue, onChange });
  const [mode, setMode] = useControllableState<MarkdownEditorMode>({
    value: modeProp,
    defaultValue: defaultMode,
    onChange: onModeChange,
  });
  const isPreview = mode === 'preview';
  const { previewMarkdown: previewThroughProvider } = useDataAdapters();
  const adapter =
    previewMarkdown ??
    (previewThroughProvider && previewUrl
      ? (markdown: string) => previewThroughProvider(markdown, previewUrl)
      : createMarkdownPreviewAdapter(previewUrl));
  const preview = useMarkdownPreview(text, isPreview, adapter);

  const textarea = useRef<HTMLTextAreaElement>(null);
  const mergedTextareaRef = useMergedRefs(textarea, textareaRef);
  const id = useId();
  const textareaId = `${id}-textarea`;
  // Platform-dependent hints only after hydration, so the server HTML and the first render agree.
  const isApple = useIsClient() && isApplePlatform();

  // The textarea's height when the preview opened (measured before it is hidden).
  const [writeHeight, setWriteHeight] = useState<number | null>(null);
  const previousMode = useRef(mode);
  useEffect(() => {
    const wasPreview = previousMode.current === 'preview';
    previousMode.current = mode;
    const element = textarea.current;
    if (mode !== 'write' || !wasPreview || !element) return;
    if (writeHeight) element.style.height = `${writeHeight}px`;
    element.focus();
  }, [mode, writeHeight]);

  const toggle = () => {
    if (isPreview) {
      setMode('write');
      return;
    }
    const height = textarea.current?.offsetHeight ?? 0;
    setWriteHeight(height > 0 ? height : null);
    setMode('preview');
  };

  const runCommand = (command: MarkdownCommand) => {
    const element = textarea.current;
    if (!element || disabled) return;
    const edit = formatMarkdown(command, {
      value: element.value,
      selectionStart: element.selectionStart,
      selectionEnd: element.selectionEnd,
    });
    applyTextEdit(element, edit);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const command = shortcutCommand(event.nativeEvent, isApple);
    if (command) {
      event.preventDefault();
      runCommand(command);
    }
    textareaProps?.onKeyDown?.(event);
  };

  // Quick submit listens on the textarea itself, ahead of a surrounding quick-submit form's
  // listener, which leaves a key press the editor took (defaultPrevented) alone.
  const latestSubmit = useRef<(() => void) | undefined>(undefined);
  useEffect(() => {
    latestSubmit.current = onSubmit && !disabled ? () => onSubmit(textarea.current?.value ?? '') : undefined;
  });
  const hasSubmit = Boolean(onSubmit);
  useEffect(() => {
    const element = textarea.current;
    if (!element || !hasSubmit) return;
    const onQuickSubmit = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || !isQuickSubmitKey(event) || !latestSubmit.current) return;
      event.preventDefault();
      latestSubmit.current();
    };
    element.addEventListener('keydown', onQuickSubmit);
    return () => element.removeEventListener('keydown', onQuickSubmit);
  }, [hasSubmit]);

  const onTextChange = (event: ChangeEvent<HTMLTextAreaElement>) => setText(event.target.value);

  const labelElement = (
    <label className="fk-markdown-editor__label" htmlFor={textareaId}>
      {label}
    </label>
  );
  const users = preview.result?.references?.users ?? [];
  const commands = preview.result?.references?.commands ?? '';

  return (
    <div
      {...rest}
      ref={ref}
      className={clsx('fk-markdown-editor', className)}
      data-component="MarkdownEditor"
      data-mode={mode}
      data-preview-state={preview.state}
      data-disabled={disabled || undefined}
    >
      {isLabelHidden ? <VisuallyHidden>{labelElement}</VisuallyHidden> : labelElement}
      <div className="fk-markdown-editor__frame" data-component="MarkdownEditor.Frame">
        <div className="fk-markdown-editor__header" data-component="MarkdownEditor.Header">
          <button
            type="button"
            className="fk-markdown-editor__toggle"
            data-component="MarkdownEditor.Toggle"
            disabled={disabled}
            onClick={toggle}
          >
            <Icon name={isPreview ? 'pencil' : 'eye'} />
            {MARKDOWN_PREVIEW_TOGGLE_LABELS[mode]}
          </button>
          {isPreview ? null : (
            <MarkdownEditorToolbar onCommand={runCommand} controls={textareaId} isApple={isApple} disabled={disabled} />
          )}
        </div>
        <div className="fk-markdown-editor__write" data-component="MarkdownEditor.Write" hidden={isPreview}>
          <textarea
            {...textareaProps}
            ref={mergedTextareaRef}
            id={textareaId}
            className={clsx('fk-markdown-editor__textarea', textareaProps?.className)}
            data-component="MarkdownEditor.Textarea"
            value={text}
            placeholder={placeholder}
            disabled={disabled}
            aria-keyshortcuts={onSubmit ? 'Control+Enter Meta+Enter' : textareaProps?.['aria-keyshortcuts']}
            onChange={onTextChange}
            onKeyDown={onKeyDown}
          />
        </div>
        {isPreview ? (
          <div
            className="fk-markdown-editor__preview"
            data-component="MarkdownEditor.Preview"
            aria-busy={preview.state === 'loading' || undefined}
            style={writeHeight ? { minHeight: writeHeight } : undefined}
          >
            {preview.state === 'loading' ? (
              <p role="status" className="fk-markdown-editor__status">
                {MARKDOWN_PREVIEW_LOADING_TEXT}
              </p>
            ) : null}
            {preview.state === 'empty' ? (
              <p className="fk-markdown-editor__status">{MARKDOWN_PREVIEW_EMPTY_TEXT}</p>
            ) : null}
            {preview.state === 'error' ? <Alert variant="danger">{MARKDOWN_PREVIEW_ERROR_TEXT}</Alert> : null}
            {preview.state === 'rendered' && preview.result ? (
              <>
                <MarkdownHtml html={preview.result.body ?? ''} options={renderOptions} />
                {commands.trim() !== '' ? (
                  <MarkdownHtml
                    className="fk-markdown-editor__referenced-commands"
                    data-component="MarkdownEditor.ReferencedCommands"
                    html={commands}
                    options={COMMANDS_RENDER_OPTIONS}
                  />
                ) : null}
                {users.length >= REFERENCED_USERS_THRESHOLD ? <ReferencedUsersNote count={users.length} /> : null}
              </>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
