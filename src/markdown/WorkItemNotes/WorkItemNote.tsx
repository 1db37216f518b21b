import { memo, useState } from 'react';
import { Alert } from '../../components/Alert/Alert';
import { AvatarLink } from '../../components/Avatar';
import { AwardEmojiBar } from '../../components/AwardEmojiBar';
import { Badge } from '../../components/Badge';
import { Icon, ICON_NAMES, type IconName } from '../../components/Icon';
import { Menu, type MenuEntry } from '../../components/Menu';
import { confirmAction } from '../CommentForm/confirmAction';
import { TimeAgo } from '../../components/TimeAgo';
import { showToast } from '../../components/Toast';
import { Tooltip } from '../../components/Tooltip';
import { CommentForm } from '../CommentForm';
import { MarkdownHtml } from '../MarkdownEditor/MarkdownHtml';
import type { RenderGfmOptions } from '../pipeline/types';
import {
  DELETE_NOTE_CONFIRM,
  EDITED_TEXT,
  INTERNAL_NOTE_LABEL,
  LINK_COPIED_MESSAGE,
  NOTE_ACTION_LABELS,
  NOTE_DELETE_ERROR_MESSAGE,
  NOTE_UPDATE_ERROR_MESSAGE,
  noteAnchorId,
} from './constants';
import type { WorkItemNote as Note } from './types';
import { useWorkItemNotesContext } from './WorkItemNotesContext';

/** System notes show the server's HTML as it is: no highlighting, diagrams or popovers. */
const SYSTEM_NOTE_RENDER_OPTIONS: RenderGfmOptions = { enhancers: [] };
const DEFAULT_SYSTEM_NOTE_ICON: IconName = 'comment-dots';
const AVATAR_SIZE = 32;

function systemNoteIcon(name: string | null | undefined): IconName {
  return (ICON_NAMES as readonly string[]).includes(name ?? '') ? (name as IconName) : DEFAULT_SYSTEM_NOTE_ICON;
}

/** The author's name and username, linked, then the note's time linked to its anchor. */
function NoteByline({ note, anchor }: { note: Note; anchor: string }) {
  return (
    <span className="fk-work-item-note__byline">
      <a className="fk-work-item-note__author" href={note.author.webUrl}>
        <span className="fk-work-item-note__author-name">{note.author.name}</span>{' '}
        <span className="fk-work-item-note__username">@{note.author.username}</span>
      </a>{' '}
      <a className="fk-work-item-note__time" href={`#${anchor}`}>
        <TimeAgo date={note.createdAt} />
      </a>
    </span>
  );
}

export interface WorkItemSystemNoteProps {
  note: Note;
}

/** A history entry: a compact row with the icon, the author and the server's HTML ('changed the description'). */
export const WorkItemSystemNote = memo(function WorkItemSystemNote({ note }: WorkItemSystemNoteProps) {
  const { targetAnchor, isHtmlSanitized } = useWorkItemNotesContext();
  const anchor = noteAnchorId(note.id);
  return (
    <li
      id={anchor}
      className="fk-work-item-note"
      data-component="WorkItemNote"
      data-variant="system"
      data-target={targetAnchor === anchor || undefined}
    >
      <span className="fk-work-item-note__system-icon">
        <Icon name={systemNoteIcon(note.systemNoteIconName)} />
      </span>
      <div className="fk-work-item-note__system-text">
        <a className="fk-work-item-note__author" href={note.author.webUrl}>
          {note.author.name}
        </a>{' '}
        <MarkdownHtml
          className="fk-work-item-note__system-body"
          html={note.bodyHtml}
          isSanitized={isHtmlSanitized}
          options={SYSTEM_NOTE_RENDER_OPTIONS}
        />{' '}
        <a className="fk-work-item-note__time" href={`#${anchor}`}>
          <TimeAgo date={note.createdAt} />
        </a>
      </div>
    </li>
  );
});

export interface WorkItemNoteProps {
  note: Note;
  /** The first note of its thread: it carries the resolve button. */
  isFirst?: boolean;
  /** Resolve state of the thread (first note only). */
  resolve?: { isResolved: boolean; onToggle: () => void; isPending: boolean };
  /** Opens the thread's reply box; no reply button without it. */
  onReply?: () => void;
}

/**
 * A comment: avatar, author, relative time linked to `#note_<id>`, 'Internal note' where internal,
 * the body, 'Edited', the reactions, and the actions (resolve, reply, edit, copy link, delete) the
 * user may take. Edit and delete are optimistic: a failure puts the note back and says so.
 */
export const WorkItemNote = memo(function WorkItemNote({ note, isFirst = false, resolve, onReply }: WorkItemNoteProps) {
  const context = useWorkItemNotesContext();
  const anchor = noteAnchorId(note.id);
  const permissions = note.userPermissions ?? {};
  const [isEditing, setIsEditing] = useState(false);
  const [draft, setDraft] = useState<string | null>(null);
  /** HTML of an edit being saved, shown until the server's note arrives. */
  const [pending, setPending] = useState<{ html: string; base: string } | null>(null);
  const [isDeleted, setIsDeleted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shownHtml = pending && pending.base === note.bodyHtml ? pending.html : note.bodyHtml;

  const save = async ({ body }: { body: string }) => {
    setIsEditing(false);
    setError(null);
    setDraft(body);
    const base = note.bodyHtml;
    // The optimistic body, as GitLab renders it client-side; the server's HTML replaces it.
    // The Markdown renderer (markdown-it) loads only when someone edits.
    // (render/render.ts, not the entry's renderMarkdown module: see there.)
    void import('../render/render')
      .then(({ render }) => render(body))
      .then((html) =>
        setPending((current) => (current?.base === base && current.html === '' ? { html, base } : current)),
      );
    setPending({ html: '', base });
    try {
      await context.updateNote(note, body);
      setDraft(null);
    } catch {
      setPending(null);
      setIsEditing(true);
      setError(NOTE_UPDATE_ERROR_MESSAGE);
    }
  };

  const remove = async () => {
    const confirmed = await confirmAction(DELETE_NOTE_CONFIRM.message, {
      primaryBtnText: DELETE_NOTE_CONFIRM.primaryBtnText,
      primaryBtnVariant: 'danger',
    });
    if (!confirmed) return;
    setError(null);
    setIsDeleted(true);
    try {
      await context.deleteNote(note);
    } catch {
      setIsDeleted(false);
      setError(NOTE_DELETE_ERROR_MESSAGE);
    }
  };

  const copyLink = async () => {
    const url = note.url ?? new URL(`#${anchor}`, window.location.href).href;
    await navigator.clipboard.writeText(url);
    showToast(LINK_COPIED_MESSAGE);
  };

  if (isDeleted) return null;

  const menuItems: MenuEntry[] = [
    { key: 'copy', label: NOTE_ACTION_LABELS.copyLink, icon: 'link', onAction: () => void copyLink() },
    ...(permissions.adminNote
      ? [{ key: 'delete', label: NOTE_ACTION_LABELS.delete, icon: 'remove' as const, onAction: () => void remove() }]
      : []),
  ];
  const canAward = Boolean(permissions.awardEmoji && context.currentUserId !== null);
  const awards = note.awardEmoji ?? [];
  const resolveLabel = resolve?.isResolved ? NOTE_ACTION_LABELS.unresolve : NOTE_ACTION_LABELS.resolve;

  return (
    <li
      id={anchor}
      className="fk-work-item-note"
      data-component="WorkItemNote"
      data-variant="comment"
      data-internal={note.internal || undefined}
      data-target={context.targetAnchor === anchor || undefined}
      data-state={pending ? 'saving' : undefined}
    >
      <AvatarLink
        className="fk-work-item-note__avatar"
        href={note.author.webUrl}
        entityId={note.author.id}
        entityName={note.author.name}
        src={note.author.avatarUrl ?? undefined}
        size={AVATAR_SIZE}
        tabIndex={-1}
        aria-hidden
      />
      <div className="fk-work-item-note__content">
        <div className="fk-work-item-note__header">
          <NoteByline note={note} anchor={anchor} />
          {note.internal ? (
            <Badge variant="warning" size="sm" icon="eye-slash" className="fk-work-item-note__internal">
              {INTERNAL_NOTE_LABEL}
            </Badge>
          ) : null}
          <div className="fk-work-item-note__actions">
            {isFirst && resolve ? (
              <Tooltip content={resolveLabel} type="label">
                <button
                  type="button"
                  className="fk-work-item-note__action"
                  data-component="WorkItemNote.Resolve"
                  aria-label={resolveLabel}
                  aria-pressed={resolve.isResolved}
                  disabled={resolve.isPending}
                  onClick={resolve.onToggle}
                >
                  <Icon name={resolve.isResolved ? 'check-circle-filled' : 'check-circle'} />
                </button>
              </Tooltip>
            ) : null}
            {onReply ? (
              <Tooltip content={NOTE_ACTION_LABELS.reply} type="label">
                <button
                  type="button"
                  className="fk-work-item-note__action"
                  aria-label={NOTE_ACTION_LABELS.reply}
                  onClick={onReply}
                >
                  <Icon name="reply" />
                </button>
              </Tooltip>
            ) : null}
            {permissions.adminNote && !isEditing ? (
              <Tooltip content={NOTE_ACTION_LABELS.edit} type="label">
                <button
                  type="button"
                  className="fk-work-item-note__action"
                  aria-label={NOTE_ACTION_LABELS.edit}
                  onClick={() => setIsEditing(true)}
                >
                  <Icon name="pencil" />
                </button>
              </Tooltip>
            ) : null}
            <Menu items={menuItems} placement="bottom-end" aria-label={NOTE_ACTION_LABELS.more}>
              <button type="button" className="fk-work-item-note__action" aria-label={NOTE_ACTION_LABELS.more}>
                <Icon name="ellipsis_v" />
              </button>
            </Menu>
          </div>
        </div>
        {error ? (
          <Alert variant="danger" isDismissible onDismiss={() => setError(null)} className="fk-work-item-note__error">
            {error}
          </Alert>
        ) : null}
        {isEditing ? (
          <CommentForm
            label={NOTE_ACTION_LABELS.edit}
            submitLabel={NOTE_ACTION_LABELS.save}
            initialValue={draft ?? note.body}
            focusOnMount
            previewMarkdown={context.previewMarkdown}
            previewUrl={context.previewUrl}
            renderOptions={context.renderOptions}
            onSubmit={save}
            onCancel={() => {
              setIsEditing(false);
              setDraft(null);
            }}
          />
        ) : (
          <MarkdownHtml
            className="fk-work-item-note__body"
            html={shownHtml || note.bodyHtml}
            // An edit's optimistic body is the renderer's unsanitised HTML: `<Markdown>` sanitises it.
            isSanitized={context.isHtmlSanitized && shownHtml === note.bodyHtml}
            options={context.renderOptions}
          />
        )}
        {note.lastEditedAt && !isEditing ? (
          <p className="fk-work-item-note__edited">
            {EDITED_TEXT} <TimeAgo date={note.lastEditedAt} />
            {note.lastEditedBy ? (
              <>
                {' by '}
                <a href={note.lastEditedBy.webUrl}>{note.lastEditedBy.name}</a>
              </>
            ) : null}
          </p>
        ) : null}
        {awards.length > 0 || canAward ? (
          <AwardEmojiBar
            className="fk-work-item-note__awards"
            awards={awards}
            defaultAwards={[]}
            currentUserId={canAward ? context.currentUserId : null}
            onToggle={(name, awarded) => context.toggleAward(note, name, awarded)}
          />
        ) : null}
      </div>
    </li>
  );
});
