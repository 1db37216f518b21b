import clsx from 'clsx';
import { useEffect, useId, useRef, useState, type ComponentPropsWithoutRef, type FormEvent, type Ref } from 'react';
import { Alert } from '../../components/Alert/Alert';
import { Button } from '../../components/Button';
import { confirmAction } from './confirmAction';
import { MarkdownEditor, type MarkdownEditorProps } from '../MarkdownEditor';
import {
  CANCEL_BUTTON_TEXT,
  CANCEL_EDITING_CONFIRM,
  COMMENT_BUTTON_TEXT,
  COMMENT_FORM_LABEL,
  COMMENT_FORM_PLACEHOLDER,
  COMMENT_SUBMIT_ERROR_MESSAGE,
  INTERNAL_NOTE_BUTTON_TEXT,
  INTERNAL_NOTE_CHECKBOX_LABEL,
  INTERNAL_NOTE_HINT,
  toggleStateButtonText,
} from './constants';
import './CommentForm.css';

/** What the comment form hands to `onSubmit`. */
export interface CommentSubmission {
  /** The Markdown text, as typed. */
  body: string;
  /** Whether 'Make this an internal note' was checked (always false when it is not offered). */
  internal: boolean;
}

export interface CommentFormProps extends Omit<ComponentPropsWithoutRef<'form'>, 'onSubmit' | 'children'> {
  /**
   * Accessible name of the text box ('Comment', 'Reply', 'Edit comment').
   * @default 'Comment'
   */
  label?: string;
  /**
   * Text in the box at first render (the note's Markdown when editing).
   * @default ''
   */
  initialValue?: string;
  /**
   * Text of the submit button ('Comment', 'Reply', 'Save comment').
   * @default 'Comment'
   */
  submitLabel?: string;
  /**
   * Saves the comment. When it resolves the box is cleared; when it rejects the text stays, and the
   * rejection's message (else 'Your comment could not be submitted!…') is shown above the buttons.
   */
  onSubmit: (submission: CommentSubmission) => Promise<void> | void;
  /**
   * Offer 'Make this an internal note' (the user may mark notes internal).
   * @default false
   */
  canMarkInternal?: boolean;
  /**
   * Lower-case label of the work item's type ('issue', 'task'), for the close and reopen button.
   * The button shows only with this and `onToggleState`.
   */
  workItemType?: string;
  /**
   * Whether the work item is open: the secondary button then closes it, else reopens it.
   * @default true
   */
  isWorkItemOpen?: boolean;
  /**
   * Closes or reopens the work item. With text in the box the comment is saved first ('Comment &
   * close issue'), and the state changes only once it is saved.
   */
  onToggleState?: () => Promise<void> | void;
  /**
   * Shows a Cancel button (replies and edits) and makes Escape cancel. A changed text asks for
   * confirmation first.
   */
  onCancel?: () => void;
  /**
   * Focus the text box on mount (a reply or edit the user just opened).
   * @default false
   */
  focusOnMount?: boolean;
  /**
   * Disables the whole form (a locked discussion).
   * @default false
   */
  disabled?: boolean;
  /** The preview adapter of the Markdown editor (see `MarkdownEditor`). */
  previewMarkdown?: MarkdownEditorProps['previewMarkdown'];
  /** The preview endpoint of the Markdown editor (see `MarkdownEditor`). */
  previewUrl?: string;
  /** Pipeline options for the preview (see `MarkdownEditor`). */
  renderOptions?: MarkdownEditorProps['renderOptions'];
  ref?: Ref<HTMLFormElement>;
}

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : COMMENT_SUBMIT_ERROR_MESSAGE;
}

/**
 * The comment box under a work item's activity, and the reply and edit box of a note (GitLab's
 * `work_item_add_note` and `work_item_comment_form`): the Markdown editor with write and preview,
 * 'Make this an internal note' where allowed, a Comment button that stays disabled while the text
 * is blank, Ctrl-Enter or Cmd-Enter to submit, and 'Close issue' / 'Comment & close issue'.
 *
 * A failed submit keeps the text and shows the error; a successful one clears the box. State is on
 * the root as `data-state` (`idle`, `submitting`, `error`) and `data-internal`.
 */
export function CommentForm({
  label = COMMENT_FORM_LABEL,
  initialValue = '',
  submitLabel = COMMENT_BUTTON_TEXT,
  onSubmit,
  canMarkInternal = false,
  workItemType,
  isWorkItemOpen = true,
  onToggleState,
  onCancel,
  focusOnMount = false,
  disabled = false,
  previewMarkdown,
  previewUrl,
  renderOptions,
  className,
  ...rest
}: CommentFormProps) {
  const [text, setText] = useState(initialValue);
  const [internal, setInternal] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const hasText = text.trim() !== '';
  const isInternal = canMarkInternal && internal;

  useEffect(() => {
    if (focusOnMount) textarea.current?.focus();
  }, [focusOnMount]);

  /** Saves the text; resolves whether it was saved. */
  const submit = async (): Promise<boolean> => {
    const body = textarea.current?.value ?? text;
    if (body.trim() === '' || isSubmitting || disabled) return false;
    setIsSubmitting(true);
    setError(null);
    try {
      await onSubmit({ body, internal: isInternal });
      setText('');
      setInternal(false);
      return true;
    } catch (caught) {
      setError(errorMessage(caught));
      return false;
    } finally {
      setIsSubmitting(false);
    }
  };

  const toggleState = async () => {
    if (!onToggleState || isSubmitting) return;
    if (hasText && !(await submit())) return;
    setIsSubmitting(true);
    try {
      await onToggleState();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setIsSubmitting(false);
    }
  };

  const cancel = async () => {
    if (!onCancel) return;
    const changed = hasText && text !== initialValue;
    if (
      changed &&
      !(await confirmAction(CANCEL_EDITING_CONFIRM.message, { ...CANCEL_EDITING_CONFIRM, primaryBtnVariant: 'danger' }))
    ) {
      return;
    }
    onCancel();
  };

  const onFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit();
  };

  const state = isSubmitting ? 'submitting' : error ? 'error' : 'idle';
  const showToggle = Boolean(onToggleState && workItemType);

  return (
    <form
      {...rest}
      className={clsx('fk-comment-form', className)}
      data-component="CommentForm"
      data-state={state}
      data-internal={isInternal || undefined}
      aria-busy={isSubmitting || undefined}
      onSubmit={onFormSubmit}
    >
      <MarkdownEditor
        label={label}
        isLabelHidden
        value={text}
        onChange={setText}
        placeholder={COMMENT_FORM_PLACEHOLDER}
        previewMarkdown={previewMarkdown}
        previewUrl={previewUrl}
        renderOptions={renderOptions}
        disabled={disabled}
        onSubmit={() => void submit()}
        textareaRef={textarea}
        textareaProps={{
          rows: 3,
          onKeyDown: (event) => {
            if (event.key === 'Escape' && onCancel) {
              event.preventDefault();
              void cancel();
            }
          },
        }}
      />
      {canMarkInternal ? (
        <div className="fk-comment-form__internal" data-component="CommentForm.Internal">
          <input
            id={`${hintId}-internal`}
            type="checkbox"
            checked={internal}
            disabled={disabled}
            aria-describedby={hintId}
            onChange={(event) => setInternal(event.target.checked)}
          />
          <label htmlFor={`${hintId}-internal`}>{INTERNAL_NOTE_CHECKBOX_LABEL}</label>
          <span id={hintId} className="fk-comment-form__hint">
            {INTERNAL_NOTE_HINT}
          </span>
        </div>
      ) : null}
      {error ? (
        <Alert variant="danger" className="fk-comment-form__error">
          {error}
        </Alert>
      ) : null}
      <div className="fk-comment-form__actions" data-component="CommentForm.Actions">
        <Button type="submit" variant="confirm" disabled={!hasText || isSubmitting || disabled}>
          {isInternal ? INTERNAL_NOTE_BUTTON_TEXT : submitLabel}
        </Button>
        {showToggle ? (
          <Button disabled={isSubmitting || disabled} onClick={() => void toggleState()}>
            {toggleStateButtonText({ type: workItemType ?? '', isOpen: isWorkItemOpen, hasComment: hasText })}
          </Button>
        ) : null}
        {onCancel ? (
          <Button disabled={isSubmitting} onClick={() => void cancel()}>
            {CANCEL_BUTTON_TEXT}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
