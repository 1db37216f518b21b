import clsx from 'clsx';
import { useEffect, useRef, useState, type ComponentPropsWithoutRef, type KeyboardEvent, type Ref } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ClipboardButton } from '../../components/ClipboardButton';
import { Icon } from '../../components/Icon';
import { confirmAction } from '../CommentForm/confirmAction';
import { TimeAgo } from '../../components/TimeAgo';
import { interpolate } from '../../components/WorkItemHeader/messages';
import { useHasChanged } from '../../hooks/useHasChanged';
import type { DateInput } from '../../utils/date';
import { WORK_ITEM_UPDATE_ERROR_MESSAGE } from '../../utils/workItems';
import { MarkdownEditor, type MarkdownPreviewAdapter } from '../MarkdownEditor';
import { MarkdownHtml } from '../MarkdownEditor/MarkdownHtml';
import type { TaskToggle } from '../pipeline/enhancers/taskList';
import type { RenderGfmOptions } from '../pipeline/types';
import './WorkItemDescription.css';

/** GitLab's texts of the description (work_item_description.vue, issues/show/components/edited.vue). */
export const WORK_ITEM_DESCRIPTION_TEXTS = {
  label: 'Description',
  placeholder: 'Write a comment or drag your files here…',
  edit: 'Edit',
  editLabel: 'Edit description',
  addDescription: 'Add a description',
  save: 'Save',
  cancel: 'Cancel',
  edited: 'Edited %{timeago}',
  editedBy: 'Edited %{timeago} by %{author}',
  cancelConfirm: 'Are you sure you want to cancel editing?',
  discardChanges: 'Discard changes',
  continueEditing: 'Continue editing',
  conflict:
    "Someone edited the description at the same time you did. If you save it will overwrite their changes. Please confirm you'd like to save your edits.",
  viewCurrentVersion: 'View current version',
  currentVersionLabel: 'Current version',
  saveAndOverwrite: 'Save and overwrite',
  copyYourText: 'Copy your text',
  taskNotFound: 'The description changed: reload the page to toggle this item.',
} as const;

/** '{completed} of {count} checklist item(s) completed' (GitLab's `n__`). */
export function taskCompletionText(completedCount: number, count: number): string {
  return `${completedCount} of ${count} checklist ${count === 1 ? 'item' : 'items'} completed`;
}

/**
 * What `onSave` rejects with when the server refused a stale lock version: the description and
 * lock version the server has now, when it said. The editor then keeps the user's text and shows
 * GitLab's conflict message with the current version.
 */
export class WorkItemDescriptionConflictError extends Error {
  override readonly name = 'WorkItemDescriptionConflictError';
  /** The description the server holds now. */
  readonly description?: string;
  /** The server's lock version now: 'Save and overwrite' sends it. */
  readonly lockVersion?: number;
  constructor(options: { description?: string; lockVersion?: number; message?: string } = {}) {
    super(options.message ?? WORK_ITEM_DESCRIPTION_TEXTS.conflict);
    this.description = options.description;
    this.lockVersion = options.lockVersion;
  }
}

/** A user named in 'Edited ... by {author}'. */
export interface WorkItemDescriptionEditor {
  name: string;
  webUrl?: string;
}

export interface WorkItemDescriptionProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children' | 'onError'> {
  /** The description's Markdown source (`DescriptionWidget.description`). */
  description: string;
  /** The description rendered by the server (`descriptionHtml`); sanitised before display unless `isHtmlSanitized`. */
  descriptionHtml: string;
  /**
   * `descriptionHtml` was sanitised where it was rendered (GitLab's, or `renderMarkdown` on the
   * server): it is drawn as it is, in the server render and the first paint, and the page loads
   * no sanitiser for it. Otherwise it is sanitised in the browser (text alone until then).
   * @default false
   */
  isHtmlSanitized?: boolean;
  /** The lock version the description was read at (`lockVersion`): sent with each save. @default undefined */
  lockVersion?: number;
  /** The user may edit the description and toggle its tasks (`updateWorkItem`). @default false */
  canUpdate?: boolean;
  /**
   * Saves a new description. Reject with `WorkItemDescriptionConflictError` when the server refused
   * a stale lock version; any other rejection shows the update error.
   */
  onSave?: (description: string, options: { lockVersion?: number }) => Promise<void>;
  /** When it was last edited. @default undefined */
  lastEditedAt?: DateInput;
  /** The moment relative times count from (a fixed one keeps server render and tests stable). @default now */
  now?: DateInput;
  /** Who last edited it. @default undefined */
  lastEditedBy?: WorkItemDescriptionEditor;
  /** Completed and total checklist items (`taskCompletionStatus`). @default undefined */
  taskCompletionStatus?: { completedCount: number; count: number };
  /** The editor's preview (see `MarkdownEditor`). @default the DataProvider's or `previewUrl`'s */
  previewMarkdown?: MarkdownPreviewAdapter;
  /** Where the editor's default preview POSTs. @default undefined */
  previewUrl?: string;
  /** Options of the rendered description and of the preview (enhancers, popovers, ...). @default undefined */
  renderOptions?: RenderGfmOptions;
  /** Told every error message the description shows. @default undefined */
  onError?: (message: string) => void;
  ref?: Ref<HTMLDivElement>;
}

interface Conflict {
  /** The server's current description. */
  description: string;
  lockVersion?: number;
}

/**
 * A work item's description (GitLab's `WorkItemDescription`): the server's HTML through
 * `<Markdown>`, with task-list checkboxes that save the Markdown with `[ ]` ↔ `[x]` switched on
 * the task's line; 'Edit' opens the `MarkdownEditor` (write and preview) with Save and Cancel
 * (Ctrl/Cmd-Enter saves, Escape cancels, asking first when the text changed); 'Edited {time} by
 * {user}' under it. When the server refuses a stale lock version, or the description changes
 * while the user edits, the user's text stays in the editor under GitLab's conflict message, with
 * the current version to look at, 'Save and overwrite' and 'Discard changes'.
 */
export function WorkItemDescription({
  description,
  descriptionHtml,
  isHtmlSanitized = false,
  lockVersion,
  canUpdate = false,
  onSave,
  lastEditedAt,
  now,
  lastEditedBy,
  taskCompletionStatus,
  previewMarkdown,
  previewUrl,
  renderOptions,
  onError,
  className,
  ref,
  ...rest
}: WorkItemDescriptionProps) {
  const T = WORK_ITEM_DESCRIPTION_TEXTS;
  const isEditable = canUpdate && onSave !== undefined;
  /** The text being edited; null when not editing. */
  const [draft, setDraft] = useState<string | null>(null);
  /** The description the edit started from: a different `description` prop means someone else saved. */
  const [editBase, setEditBase] = useState('');
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const isEditing = draft !== null;

  // The source task toggles rewrite: the prop, or the last toggle saved until the prop catches up.
  const [source, setSource] = useState(description);
  if (useHasChanged(description) && source !== description) setSource(description);
  const sourceRef = useRef(source);
  const lockVersionRef = useRef(lockVersion);
  useEffect(() => {
    sourceRef.current = source;
    lockVersionRef.current = lockVersion;
  });

  const editButtonRef = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const focusTarget = useRef<'textarea' | 'button' | null>(null);
  useEffect(() => {
    if (focusTarget.current === 'textarea') textareaRef.current?.focus();
    if (focusTarget.current === 'button') editButtonRef.current?.focus();
    focusTarget.current = null;
  }, [isEditing]);

  const fail = (message: string) => {
    setError(message);
    onError?.(message);
  };

  // Someone else saved while the user edits (a realtime update): GitLab's `checkForConflicts`.
  const liveConflict: Conflict | null = isEditing && description !== editBase ? { description, lockVersion } : null;
  const shownConflict = conflict ?? liveConflict;

  const startEditing = () => {
    focusTarget.current = 'textarea';
    setDraft(source);
    setEditBase(source);
    setConflict(null);
    setError(null);
  };
  const stopEditing = () => {
    focusTarget.current = 'button';
    setDraft(null);
    setConflict(null);
  };
  const cancel = async () => {
    if (draft !== null && draft !== editBase) {
      const confirmed = await confirmAction(T.cancelConfirm, {
        primaryBtnText: T.discardChanges,
        cancelBtnText: T.continueEditing,
      });
      if (!confirmed) return;
    }
    stopEditing();
  };

  const save = async (overwrite: boolean) => {
    if (draft === null || !onSave || isSaving) return;
    const version = overwrite && shownConflict ? shownConflict.lockVersion : lockVersion;
    setSaving(true);
    setError(null);
    try {
      await onSave(draft, { lockVersion: version });
      setSource(draft);
      stopEditing();
    } catch (caught) {
      // The user's text stays in the editor either way.
      if (caught instanceof WorkItemDescriptionConflictError) {
        setConflict({ description: caught.description ?? description, lockVersion: caught.lockVersion ?? lockVersion });
      } else {
        fail(WORK_ITEM_UPDATE_ERROR_MESSAGE);
      }
    } finally {
      setSaving(false);
    }
  };

  const onToggle = async (task: TaskToggle) => {
    // Finding the task walks the source with the Markdown parser (markdown-it, about 45 KB): loaded
    // on the first toggle, not with every page that shows a description.
    const { toggleTaskListItem } = await import('./toggleTaskListItem');
    const next = toggleTaskListItem(sourceRef.current, task);
    if (next === null) {
      fail(T.taskNotFound);
      throw new Error(T.taskNotFound);
    }
    setError(null);
    try {
      await onSave!(next, { lockVersion: lockVersionRef.current });
    } catch (caught) {
      fail(WORK_ITEM_UPDATE_ERROR_MESSAGE);
      // Rethrown: the enhancer puts the checkbox back.
      throw caught;
    }
    sourceRef.current = next;
    setSource(next);
  };

  const options: RenderGfmOptions | undefined = isEditable
    ? {
        ...renderOptions,
        taskList: { ...renderOptions?.taskList, onToggle },
        onError: renderOptions?.onError ?? (() => {}),
      }
    : renderOptions;

  const onEditorKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.stopPropagation();
    void cancel();
  };

  const hasDescription = description.trim() !== '';
  const edited =
    lastEditedAt !== undefined
      ? interpolate(lastEditedBy ? T.editedBy : T.edited, {
          timeago: <TimeAgo date={lastEditedAt} now={now} />,
          author: lastEditedBy?.webUrl ? (
            <a href={lastEditedBy.webUrl} className="fk-work-item-description__author">
              {lastEditedBy.name}
            </a>
          ) : (
            lastEditedBy?.name
          ),
        })
      : null;
  const tasks =
    taskCompletionStatus && taskCompletionStatus.count > 0
      ? taskCompletionText(taskCompletionStatus.completedCount, taskCompletionStatus.count)
      : null;

  return (
    <div
      {...rest}
      ref={ref}
      className={clsx('fk-work-item-description', className)}
      data-component="WorkItemDescription"
      data-state={isEditing ? (shownConflict ? 'conflict' : 'editing') : 'viewing'}
    >
      {error ? (
        <Alert
          variant="danger"
          isDismissible
          onDismiss={() => setError(null)}
          className="fk-work-item-description__error"
        >
          {error}
        </Alert>
      ) : null}
      {isEditing ? (
        <form
          className="fk-work-item-description__form"
          onSubmit={(event) => {
            event.preventDefault();
            void save(false);
          }}
        >
          <MarkdownEditor
            label={T.label}
            value={draft}
            onChange={setDraft}
            placeholder={T.placeholder}
            previewMarkdown={previewMarkdown}
            previewUrl={previewUrl}
            renderOptions={renderOptions}
            onSubmit={() => void save(Boolean(shownConflict))}
            textareaRef={textareaRef}
            textareaProps={{ onKeyDown: onEditorKeyDown }}
          />
          {shownConflict ? (
            <Alert
              variant="danger"
              className="fk-work-item-description__conflict"
              data-component="WorkItemDescription.Conflict"
              primaryAction={{ text: T.saveAndOverwrite, onClick: () => void save(true) }}
              secondaryAction={{ text: T.discardChanges, onClick: stopEditing }}
            >
              <p className="fk-work-item-description__conflict-message">{T.conflict}</p>
              <details className="fk-work-item-description__current">
                <summary>{T.viewCurrentVersion}</summary>
                <textarea
                  readOnly
                  aria-label={T.currentVersionLabel}
                  className="fk-work-item-description__current-text"
                  value={shownConflict.description}
                />
              </details>
              <ClipboardButton text={draft} title={T.copyYourText} className="fk-work-item-description__copy" />
            </Alert>
          ) : (
            <div className="fk-work-item-description__actions">
              <Button type="submit" variant="confirm" aria-disabled={isSaving || undefined}>
                {T.save}
              </Button>
              <Button onClick={() => void cancel()}>{T.cancel}</Button>
            </div>
          )}
        </form>
      ) : (
        <>
          <div className="fk-work-item-description__view">
            {hasDescription ? (
              <MarkdownHtml
                html={descriptionHtml}
                isSanitized={isHtmlSanitized}
                options={options}
                className="fk-work-item-description__body"
              />
            ) : isEditable ? (
              <Button onClick={startEditing} className="fk-work-item-description__add">
                {T.addDescription}
              </Button>
            ) : null}
            {isEditable && hasDescription ? (
              <Button
                ref={editButtonRef}
                onClick={startEditing}
                aria-label={T.editLabel}
                className="fk-work-item-description__edit"
                data-component="WorkItemDescription.Edit"
              >
                <Icon name="pencil" /> {T.edit}
              </Button>
            ) : null}
          </div>
          {tasks || edited ? (
            <p className="fk-work-item-description__edited" data-component="WorkItemDescription.Edited">
              {tasks}
              {tasks && edited ? ' · ' : null}
              {edited}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
