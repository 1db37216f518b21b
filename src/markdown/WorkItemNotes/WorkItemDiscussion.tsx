import { memo, useEffect, useRef, useState } from 'react';
import { Alert } from '../../components/Alert/Alert';
import { Icon } from '../../components/Icon';
import { CommentForm } from '../CommentForm';
import {
  COLLAPSE_REPLIES_LABEL,
  DISCUSSION_RESOLVE_ERROR_MESSAGE,
  NOTE_ACTION_LABELS,
  REPLY_LABEL,
  REPLY_PLACEHOLDER,
  noteAnchorId,
  repliesCountText,
  resolvedByText,
} from './constants';
import { isSystemDiscussion } from './discussions';
import type { WorkItemDiscussion as Discussion } from './types';
import { WorkItemNote, WorkItemSystemNote } from './WorkItemNote';
import { useWorkItemNotesContext } from './WorkItemNotesContext';

export interface WorkItemDiscussionProps {
  discussion: Discussion;
}

/**
 * One thread of the activity: its first note, its replies (collapsible; a resolved thread starts
 * collapsed unless the URL points into it), the resolve button of a resolvable thread (optimistic),
 * and the 'Reply…' box. A history entry renders as a compact system note.
 */
export const WorkItemDiscussion = memo(function WorkItemDiscussion({ discussion }: WorkItemDiscussionProps) {
  const context = useWorkItemNotesContext();
  const [first, ...replies] = discussion.notes;
  const [resolvedOverride, setResolvedOverride] = useState<boolean | null>(null);
  const [isResolving, setIsResolving] = useState(false);
  const isResolved = resolvedOverride ?? discussion.resolved ?? false;
  const [expandedChoice, setExpandedChoice] = useState<boolean | null>(null);
  const [isReplying, setIsReplying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const itemRef = useRef<HTMLLIElement>(null);
  // Set when the reply form closes: its focused control is gone, so focus goes back to the thread:
  // to its 'Reply…', or to the note's reply action while a single comment has none. A sent reply
  // stays pending until its thread arrives (the product refreshes after the request resolves), then
  // moves on to 'Reply…' if focus is still where it was put.
  const [returnFocus, setReturnFocus] = useState<'cancelled' | 'sent' | null>(null);
  const isThread = replies.length > 0;
  useEffect(() => {
    if (!returnFocus) return;
    const item = itemRef.current;
    const placeholder = item?.querySelector<HTMLElement>('.fk-work-item-discussion__reply-placeholder');
    const action = item?.querySelector<HTMLElement>(`button[aria-label="${NOTE_ACTION_LABELS.reply}"]`);
    const active = document.activeElement;
    // Only when focus went down with the form or is where this put it (the user may have moved on).
    const isOurs = !active || active === document.body || !active.isConnected || active === action;
    if (isOurs) (placeholder ?? action)?.focus();
    if (!isOurs || placeholder || returnFocus === 'cancelled') setReturnFocus(null);
  }, [returnFocus, isThread]);

  if (!first) return null;
  if (isSystemDiscussion(discussion)) return <WorkItemSystemNote note={first} />;

  const holdsTarget = discussion.notes.some((note) => noteAnchorId(note.id) === context.targetAnchor);
  const isExpanded = expandedChoice ?? (holdsTarget || !isResolved);
  const canReply = Boolean(first.userPermissions?.createNote && context.currentUser);
  const canResolve = Boolean(discussion.resolvable && first.userPermissions?.resolveNote);

  const toggleResolved = async () => {
    const next = !isResolved;
    setResolvedOverride(next);
    setIsResolving(true);
    setError(null);
    try {
      await context.resolveDiscussion(discussion.id, next);
    } catch {
      setResolvedOverride(null);
      setError(DISCUSSION_RESOLVE_ERROR_MESSAGE);
    } finally {
      setIsResolving(false);
    }
  };

  const reply = async ({ body, internal }: { body: string; internal: boolean }) => {
    await context.addNote({ body, internal, discussionId: discussion.id });
    closeReply('sent');
  };

  const closeReply = (reason: 'cancelled' | 'sent') => {
    setIsReplying(false);
    setReturnFocus(reason);
  };

  const startReplying = () => {
    setIsReplying(true);
    setExpandedChoice(true);
  };

  return (
    <li
      ref={itemRef}
      className="fk-work-item-discussion"
      data-component="WorkItemDiscussion"
      data-resolved={(discussion.resolvable && isResolved) || undefined}
      data-thread={isThread || undefined}
    >
      <ul className="fk-work-item-discussion__notes">
        <WorkItemNote
          note={first}
          isFirst
          resolve={
            canResolve ? { isResolved, isPending: isResolving, onToggle: () => void toggleResolved() } : undefined
          }
          onReply={canReply ? startReplying : undefined}
        />
      </ul>
      {error ? (
        <Alert variant="danger" isDismissible onDismiss={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
      {isThread ? (
        <div className="fk-work-item-discussion__replies">
          <button
            type="button"
            className="fk-work-item-discussion__toggle"
            aria-expanded={isExpanded}
            onClick={() => setExpandedChoice(!isExpanded)}
          >
            <Icon name={isExpanded ? 'chevron-down' : 'chevron-right'} />
            {isExpanded ? COLLAPSE_REPLIES_LABEL : repliesCountText(replies.length)}
          </button>
          {discussion.resolvable && isResolved ? (
            <span className="fk-work-item-discussion__resolved">
              <Icon name="check-circle-filled" /> {resolvedByText(discussion.resolvedBy?.name)}
            </span>
          ) : null}
          {isExpanded ? (
            <ul className="fk-work-item-discussion__notes">
              {replies.map((note) => (
                <WorkItemNote key={note.id} note={note} />
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {canReply && (isThread || isReplying) && isExpanded ? (
        <div className="fk-work-item-discussion__reply">
          {isReplying ? (
            <CommentForm
              label={REPLY_LABEL}
              submitLabel={REPLY_LABEL}
              focusOnMount
              canMarkInternal={context.canMarkNoteAsInternal}
              previewMarkdown={context.previewMarkdown}
              previewUrl={context.previewUrl}
              renderOptions={context.renderOptions}
              onSubmit={reply}
              onCancel={() => closeReply('cancelled')}
            />
          ) : (
            <button type="button" className="fk-work-item-discussion__reply-placeholder" onClick={startReplying}>
              {REPLY_PLACEHOLDER}
            </button>
          )}
        </div>
      ) : null}
    </li>
  );
});
