import type { Award } from '../../components/AwardEmojiBar';

/** A note's author, by GitLab's `UserCore` field names. */
export interface WorkItemNoteAuthor {
  id: string | number;
  username: string;
  name: string;
  avatarUrl?: string | null;
  /** The user's profile page. */
  webUrl: string;
}

/** What the current user may do with a note (GitLab's `NotePermissions`). */
export interface WorkItemNotePermissions {
  /** Edit and delete: the user's own note. */
  adminNote?: boolean;
  /** React with emoji. */
  awardEmoji?: boolean;
  /** Reply in the note's thread. */
  createNote?: boolean;
  /** Resolve or unresolve the thread (its first note's permission counts). */
  resolveNote?: boolean;
}

/** One note, by GitLab's `Note` field names. */
export interface WorkItemNote {
  /** The note's id: a number, or a global id (`gid://gitlab/Note/12`) whose last part names the anchor `#note_12`. */
  id: string | number;
  /** Markdown source (the text an edit starts from). */
  body: string;
  /** The server's rendered HTML: sanitised again before it is shown. */
  bodyHtml: string;
  author: WorkItemNoteAuthor;
  /** ISO 8601 time. */
  createdAt: string;
  /** A history entry ('changed the description', 'added ~bug label') rather than a comment. */
  system?: boolean;
  /** The icon of a system note (`pencil`, `label`, `status_closed`, ...). @default 'comment-dots' */
  systemNoteIconName?: string | null;
  /** Visible to project members only: marked 'Internal note'. */
  internal?: boolean;
  /** Absolute link to the note (copied by 'Copy link'); defaults to `#note_<id>`. */
  url?: string;
  /** ISO time and author of the last edit, shown as 'Edited'. */
  lastEditedAt?: string | null;
  lastEditedBy?: Pick<WorkItemNoteAuthor, 'name' | 'webUrl'> | null;
  awardEmoji?: readonly Award[];
  userPermissions?: WorkItemNotePermissions;
}

/** A thread: a first note and its replies, by GitLab's `Discussion` field names. */
export interface WorkItemDiscussion {
  id: string;
  /** The first note, then the replies, oldest first. */
  notes: readonly WorkItemNote[];
  /** Whether the thread can be resolved. @default false */
  resolvable?: boolean;
  resolved?: boolean;
  resolvedBy?: Pick<WorkItemNoteAuthor, 'name' | 'webUrl'> | null;
}

/** The signed-in user. */
export interface WorkItemNotesUser {
  id: string | number;
  username: string;
  name: string;
  avatarUrl?: string | null;
  webUrl: string;
}
