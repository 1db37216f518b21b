import { useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from '../../components/Icon';
import { Tooltip } from '../../components/Tooltip/Tooltip';
import {
  MARKDOWN_COMMAND_BUTTONS,
  MARKDOWN_COMMANDS,
  MARKDOWN_SHORTCUTS,
  shortcutAria,
  shortcutLabel,
  type MarkdownCommand,
  type MarkdownShortcut,
} from './commands';
import { MARKDOWN_TOOLBAR_LABEL } from './constants';

export interface MarkdownEditorToolbarProps {
  /** Runs a command on the textarea. */
  onCommand: (command: MarkdownCommand) => void;
  /** The textarea the toolbar formats (`aria-controls`). */
  controls: string;
  /** Show ⌘ rather than Ctrl in the hints. */
  isApple: boolean;
  /** Every button disabled. */
  disabled: boolean;
}

const shortcuts: Partial<Record<MarkdownCommand, MarkdownShortcut>> = MARKDOWN_SHORTCUTS;

/**
 * The formatting toolbar: one Tab stop (`role="toolbar"`, roving tabindex), arrow keys move between
 * the buttons (Home and End to the ends, wrapping around), each button named for screen readers and
 * its tooltip adding the shortcut (also in `aria-keyshortcuts`).
 */
export function MarkdownEditorToolbar({ onCommand, controls, isApple, disabled }: MarkdownEditorToolbarProps) {
  const [active, setActive] = useState(0);
  const toolbar = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = Array.from(toolbar.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? []);
    const current = buttons.indexOf(event.target as HTMLButtonElement);
    if (current === -1) return;
    const isRtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const forward = isRtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = isRtl ? 'ArrowRight' : 'ArrowLeft';
    let next: number;
    if (event.key === forward) next = (current + 1) % buttons.length;
    else if (event.key === backward) next = (current - 1 + buttons.length) % buttons.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = buttons.length - 1;
    else return;
    event.preventDefault();
    buttons[next]!.focus();
  };

  return (
    <div
      ref={toolbar}
      role="toolbar"
      aria-label={MARKDOWN_TOOLBAR_LABEL}
      aria-controls={controls}
      className="fk-markdown-editor__toolbar"
      data-component="MarkdownEditor.Toolbar"
      onKeyDown={onKeyDown}
    >
      {MARKDOWN_COMMANDS.map((command, index) => {
        const { label, icon } = MARKDOWN_COMMAND_BUTTONS[command];
        const shortcut = shortcuts[command];
        const hint = shortcut ? `${label} (${shortcutLabel(shortcut, isApple)})` : label;
        return (
          <Tooltip key={command} content={hint} type="label">
            <button
              type="button"
              className="fk-markdown-editor__tool"
              data-component="MarkdownEditor.Tool"
              data-command={command}
              aria-label={label}
              aria-keyshortcuts={shortcut ? shortcutAria(shortcut, isApple) : undefined}
              tabIndex={index === active ? 0 : -1}
              disabled={disabled}
              onFocus={() => setActive(index)}
              onClick={() => onCommand(command)}
            >
              <Icon name={icon} />
            </button>
          </Tooltip>
        );
      })}
    </div>
  );
}
