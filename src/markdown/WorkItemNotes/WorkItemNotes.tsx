import clsx from 'clsx';
import { useEffect, useMemo, useRef, useState, type ComponentPropsWithoutRef, type Ref } from 'react';
import type { AwardUserId } from '../../components/AwardEmojiBar';
import { Button } from '../../components/Button';
import { Icon, type IconName } from '../../components/Icon';
import { Menu } from '../../components/Menu';
import { SkeletonLoader } from '../../components/SkeletonLoader';
import { scrollToHash } from '../../hooks/useScrollToHash';
import {
  NOTES_FILTER_LABELS,
  WORK_ITEM_SKELETON_LINES,
  type NotesFilter,
  type NotesSortDirection,
} from '../../utils/workItems';
import { CommentForm, type CommentSubmission } from '../CommentForm';
import type { MarkdownEditorProps } from '../MarkdownEditor';
import type { RenderGfmOptions } from '../pipeline/types';
import {
  NOTE_ANCHOR_PREFIX,
  NOTES_BATCH_SIZE,
  NOTES_EMPTY_TEXT,
  NOTES_FILTER_MENU_LABEL,
  NOTES_IDLE_BATCH_SIZE,
  NOTES_INITIAL_COUNT,
  NOTES_LOAD_MORE_LABEL,
  NOTES_PRELOAD_MARGIN,
  NOTES_SORT_LABELS,
  NOTES_SORT_MENU_LABEL,
  WORK_ITEM_ACTIVITY_HEADING,
  notesProgressText,
} from './constants';
import { discussionIndexOfAnchor, filterDiscussions, sortDiscussions } from './discussions';
import type { WorkItemDiscussion as Discussion, WorkItemNote, WorkItemNotesUser } from './types';
import { useIncrementalCount } from './useIncrementalCount';
import { useNotesPreferences } from './useNotesPreferences';
import { WorkItemDiscussion } from './WorkItemDiscussion';
import { WorkItemNotesContext, type WorkItemNotesContextValue } from './WorkItemNotesContext';
import './WorkItemNotes.css';

/** A new comment or reply: the comment box's submission and the thread it answers, if any. */
export interface NewWorkItemNote extends CommentSubmission {
  /** The thread replied to; absent for a new top-level comment. */
  discussionId?: string;
}

export interface WorkItemNotesProps extends Omit<ComponentPropsWithoutRef<'section'>, 'children'> {
  /** The threads, oldest first (GitLab's `notes.discussions.nodes`). New ones from realtime simply arrive here. */
  discussions: readonly Discussion[];
  /** The signed-in user; without one there is no comment box, no reply and no reacting. */
  currentUser?: WorkItemNotesUser | null;
  /** Lower-case label of the work item's type ('issue', 'task'), for 'Close issue'. */
  workItemType?: string;
  /**
   * The user may comment (GitLab's `createNote` permission).
   * @default false
   */
  canCreateNote?: boolean;
  /**
   * The user may mark notes internal ('Make this an internal note').
   * @default false
   */
  canMarkNoteAsInternal?: boolean;
  /**
   * Whether the work item is open (the comment box's 'Close' or 'Reopen').
   * @default true
   */
  isWorkItemOpen?: boolean;
  /** Closes or reopens the work item from the comment box; the button shows only with it. */
  onToggleState?: () => Promise<void>;
  /** Saves a comment or reply. Reject to keep the text in the box and show the error. */
  onAddNote: (note: NewWorkItemNote) => Promise<void>;
  /** Saves an edit of the user's own note. Rejecting reopens the editor with the text and says so. */
  onUpdateNote?: (noteId: WorkItemNote['id'], body: string) => Promise<void>;
  /** Deletes the user's own note (after the confirmation). Rejecting puts the note back and says so. */
  onDeleteNote?: (noteId: WorkItemNote['id']) => Promise<void>;
  /** Adds (`awarded`) or removes the user's reaction on a note; shown at once, taken back on rejection. */
  onToggleAward?: (noteId: WorkItemNote['id'], name: string, awarded: boolean) => Promise<void>;
  /** Resolves or unresolves a thread; shown at once, taken back on rejection. */
  onResolveDiscussion?: (discussionId: string, resolved: boolean) => Promise<void>;
  /**
   * The filter before the stored choice is read (after hydration).
   * @default 'all'
   */
  defaultFilter?: NotesFilter;
  /**
   * The sort before the stored choice is read.
   * @default 'asc'
   */
  defaultSort?: NotesSortDirection;
  /** Called when the filter changes (by the user, or restored from storage): a page may refetch with it. */
  onFilterChange?: (filter: NotesFilter) => void;
  /** Called when the sort direction changes. */
  onSortChange?: (sort: NotesSortDirection) => void;
  /**
   * Threads rendered at first (on the server too); the rest follow in batches as the reader nears
   * the end of the list.
   * @default 20
   */
  initialCount?: number;
  /**
   * Threads added per batch.
   * @default 20
   */
  batchSize?: number;
  /**
   * Show the skeleton while the first notes load.
   * @default false
   */
  isLoading?: boolean;
  /** Pipeline options for the notes' Markdown (enhancers, viewer, popovers). */
  renderOptions?: RenderGfmOptions;
  /**
   * The notes' `bodyHtml` was sanitised where it was rendered (GitLab's, or `renderMarkdown` on
   * the server): it is drawn as it is, in the server render and the first paint, and the page
   * loads no sanitiser for it. Otherwise each body is sanitised in the browser (text alone until then).
   * @default false
   */
  isHtmlSanitized?: boolean;
  /** The comment box's preview adapter (see `MarkdownEditor`). */
  previewMarkdown?: MarkdownEditorProps['previewMarkdown'];
  /** The comment box's preview endpoint (see `MarkdownEditor`). */
  previewUrl?: string;
  ref?: Ref<HTMLElement>;
}

/**
 * A header menu that chooses one of `labels`' keys (the notes' filter, their sort): the current
 * choice is checked in the menu and named on its button.
 */
function ChoiceMenu<Key extends string>({
  label,
  labels,
  value,
  onChange,
  leadingIcon,
  trailingIcon,
}: {
  label: string;
  labels: Readonly<Record<Key, string>>;
  value: Key;
  onChange: (key: Key) => void;
  leadingIcon?: IconName;
  trailingIcon?: IconName;
}) {
  return (
    <Menu
      aria-label={label}
      placement="bottom-end"
      items={(Object.keys(labels) as Key[]).map((key) => ({
        key,
        label: labels[key],
        icon: key === value ? 'check' : undefined,
        onAction: () => onChange(key),
      }))}
    >
      <Button className="fk-work-item-notes__control" aria-label={`${label}: ${labels[value]}`}>
        {leadingIcon ? <Icon name={leadingIcon} /> : null}
        {labels[value]}
        {trailingIcon ? <Icon name={trailingIcon} /> : null}
      </Button>
    </Menu>
  );
}

/** The anchor a URL hash points at when it is a note's (`#note_12` → `note_12`), else null. */
function noteAnchorOfHash(hash: string): string | null {
  const id = hash.replace(/^#/, '');
  return id.startsWith(NOTE_ANCHOR_PREFIX) ? id : null;
}

/**
 * A work item's activity (GitLab's `work_item_notes`): the threads of comments with their replies,
 * history entries, internal notes, resolvable threads, editing and deleting one's own notes,
 * reactions, and the comment box at the end (at the top when newest come first).
 *
 * - **Filter and sort** (spec section 4): All activity / Comments only / History only, Oldest or
 *   Newest first, remembered under `filter_key_work_item` and `sort_direction_work_item`, read
 *   after hydration.
 * - **Long threads render incrementally**: the first `initialCount` threads are rendered (on the
 *   server too); the next `batchSize` follow whenever the end of the list comes within 800 px of
 *   the viewport, or on 'Load more'. A `#note_<id>` link renders up to its thread, then scrolls to it.
 *
 * Data comes in through `discussions` and goes out through the async callbacks: the component
 * knows nothing of GraphQL. State is on the root as `data-filter`, `data-sort` and `data-state`
 * (`loading`, `ready`).
 */
export function WorkItemNotes({
  discussions,
  currentUser = null,
  workItemType,
  canCreateNote = false,
  canMarkNoteAsInternal = false,
  isWorkItemOpen = true,
  onToggleState,
  onAddNote,
  onUpdateNote,
  onDeleteNote,
  onToggleAward,
  onResolveDiscussion,
  defaultFilter = 'all',
  defaultSort = 'asc',
  onFilterChange,
  onSortChange,
  initialCount = NOTES_INITIAL_COUNT,
  batchSize = NOTES_BATCH_SIZE,
  isLoading = false,
  renderOptions,
  isHtmlSanitized = false,
  previewMarkdown,
  previewUrl,
  className,
  ...rest
}: WorkItemNotesProps) {
  const { filter, sort, setFilter, setSort } = useNotesPreferences({
    defaultFilter,
    defaultSort,
    onFilterChange,
    onSortChange,
  });
  const shown = useMemo(
    () => sortDiscussions(filterDiscussions(discussions, filter), sort),
    [discussions, filter, sort],
  );
  const { count, sentinelRef, showMore, showAtLeast } = useIncrementalCount({
    total: shown.length,
    initial: initialCount,
    batch: batchSize,
    idleBatch: NOTES_IDLE_BATCH_SIZE,
    preloadMargin: NOTES_PRELOAD_MARGIN,
  });

  // The note the URL points at: read after hydration and on every hash change.
  const [targetAnchor, setTargetAnchor] = useState<string | null>(null);
  useEffect(() => {
    const read = () => setTargetAnchor(noteAnchorOfHash(window.location.hash));
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);
  // Render up to the target's thread, then scroll to it once it is in the page.
  const targetIndex = targetAnchor ? discussionIndexOfAnchor(shown, targetAnchor) : -1;
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (!targetAnchor || targetIndex < 0) return;
    if (targetIndex >= count) {
      showAtLeast(targetIndex + 1);
      return;
    }
    if (scrolledTo.current === targetAnchor) return;
    scrolledTo.current = targetAnchor;
    scrollToHash(`#${targetAnchor}`);
  }, [targetAnchor, targetIndex, count, showAtLeast]);

  // Callbacks reach the notes through a context whose value changes only with the settings, so a
  // new `discussions` array re-renders the threads that changed, not all of them (notes are memo).
  const latest = useRef({ onAddNote, onUpdateNote, onDeleteNote, onToggleAward, onResolveDiscussion });
  useEffect(() => {
    latest.current = { onAddNote, onUpdateNote, onDeleteNote, onToggleAward, onResolveDiscussion };
  });
  const currentUserId: AwardUserId | null = currentUser?.id ?? null;
  const hasAwards = Boolean(onToggleAward);
  const context = useMemo<WorkItemNotesContextValue>(
    () => ({
      currentUser,
      canMarkNoteAsInternal,
      renderOptions,
      isHtmlSanitized,
      previewMarkdown,
      previewUrl,
      targetAnchor,
      currentUserId: hasAwards ? currentUserId : null,
      addNote: (input) => latest.current.onAddNote(input),
      updateNote: async (note, body) => latest.current.onUpdateNote?.(note.id, body),
      deleteNote: async (note) => latest.current.onDeleteNote?.(note.id),
      toggleAward: async (note, name, awarded) => latest.current.onToggleAward?.(note.id, name, awarded),
      resolveDiscussion: async (id, resolved) => latest.current.onResolveDiscussion?.(id, resolved),
    }),
    [
      currentUser,
      canMarkNoteAsInternal,
      renderOptions,
      isHtmlSanitized,
      previewMarkdown,
      previewUrl,
      targetAnchor,
      hasAwards,
      currentUserId,
    ],
  );

  const hasMore = count < shown.length;
  const commentBox =
    canCreateNote && currentUser ? (
      <CommentForm
        className="fk-work-item-notes__comment"
        canMarkInternal={canMarkNoteAsInternal}
        workItemType={workItemType}
        isWorkItemOpen={isWorkItemOpen}
        onToggleState={onToggleState}
        previewMarkdown={previewMarkdown}
        previewUrl={previewUrl}
        renderOptions={renderOptions}
        onSubmit={(submission) => onAddNote(submission)}
      />
    ) : null;

  return (
    <section
      {...rest}
      className={clsx('fk-work-item-notes', className)}
      data-component="WorkItemNotes"
      data-filter={filter}
      data-sort={sort}
      data-state={isLoading ? 'loading' : 'ready'}
      aria-busy={isLoading || undefined}
    >
      <div className="fk-work-item-notes__header">
        <h2 className="fk-work-item-notes__heading">{WORK_ITEM_ACTIVITY_HEADING}</h2>
        <div className="fk-work-item-notes__controls">
          <ChoiceMenu
            label={NOTES_FILTER_MENU_LABEL}
            labels={NOTES_FILTER_LABELS}
            value={filter}
            onChange={setFilter}
            trailingIcon="chevron-down"
          />
          <ChoiceMenu
            label={NOTES_SORT_MENU_LABEL}
            labels={NOTES_SORT_LABELS}
            value={sort}
            onChange={setSort}
            leadingIcon={sort === 'asc' ? 'sort-lowest' : 'sort-highest'}
          />
        </div>
      </div>
      {sort === 'desc' ? commentBox : null}
      {isLoading ? (
        <SkeletonLoader lines={WORK_ITEM_SKELETON_LINES} />
      ) : (
        <WorkItemNotesContext value={context}>
          {shown.length === 0 ? <p className="fk-work-item-notes__empty">{NOTES_EMPTY_TEXT}</p> : null}
          <ol className="fk-work-item-notes__list">
            {shown.slice(0, count).map((discussion) => (
              <WorkItemDiscussion key={discussion.id} discussion={discussion} />
            ))}
          </ol>
          {hasMore ? (
            <div
              ref={(element) => {
                sentinelRef.current = element;
              }}
              className="fk-work-item-notes__more"
              data-component="WorkItemNotes.More"
            >
              <span role="status">{notesProgressText(count, shown.length)}</span>
              <Button onClick={showMore}>{NOTES_LOAD_MORE_LABEL}</Button>
            </div>
          ) : null}
        </WorkItemNotesContext>
      )}
      {sort === 'asc' ? commentBox : null}
    </section>
  );
}
