import { createContext, useContext } from 'react';
import type { AwardUserId } from '../../components/AwardEmojiBar';
import type { MarkdownEditorProps } from '../MarkdownEditor';
import type { RenderGfmOptions } from '../pipeline/types';
import type { WorkItemNote, WorkItemNotesUser } from './types';

/** What every note of the activity shares: the callbacks (stable across renders) and settings. */
export interface WorkItemNotesContextValue {
  currentUser?: WorkItemNotesUser | null;
  canMarkNoteAsInternal: boolean;
  renderOptions?: RenderGfmOptions;
  /** The notes' `bodyHtml` was sanitised where it was rendered (see `WorkItemNotesProps`). */
  isHtmlSanitized: boolean;
  previewMarkdown?: MarkdownEditorProps['previewMarkdown'];
  previewUrl?: string;
  /** The anchor (`note_12`) of the URL hash once hydrated, for the target highlight. */
  targetAnchor: string | null;
  addNote: (input: { body: string; internal: boolean; discussionId: string }) => Promise<void>;
  updateNote: (note: WorkItemNote, body: string) => Promise<void>;
  deleteNote: (note: WorkItemNote) => Promise<void>;
  toggleAward: (note: WorkItemNote, name: string, awarded: boolean) => Promise<void>;
  resolveDiscussion: (discussionId: string, resolved: boolean) => Promise<void>;
  /** The user who may react, or null (signed out, or no `onToggleAward`). */
  currentUserId: AwardUserId | null;
}

export const WorkItemNotesContext = createContext<WorkItemNotesContextValue | null>(null);

export function useWorkItemNotesContext(): WorkItemNotesContextValue {
  const value = useContext(WorkItemNotesContext);
  if (!value) throw new Error('A work item note renders inside <WorkItemNotes>.');
  return value;
}
