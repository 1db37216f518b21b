/**
 * The broadcast bus: database triggers (migration 030) announce every write to notes, issues, their
 * assignees, labels, award emoji, parents and links with `NOTIFY forgekit_events` and a small JSON
 * payload (ids only). Each server process LISTENs once (a dedicated connection on PostgreSQL,
 * in-process with the embedded PGlite) and fans the events out to its subscribers, so a note created
 * through one process reaches the ActionCable subscribers of every other process.
 */
import type { Database } from '../db/connection.ts';

/** The NOTIFY channel the triggers of migration 030 write to. */
export const EVENTS_CHANNEL = 'forgekit_events';

/** A note was written, edited or deleted (`noteable` is GitLab's polymorphic target). */
export interface NoteEvent {
  type: 'note_insert' | 'note_update' | 'note_delete';
  id: number;
  noteableType: string;
  noteableId: number;
  /** The discussion of a note in a thread, null for a note that stands alone (migration 062). */
  discussionId?: string | null;
}

/** An issue's own columns changed (title, description, state, confidentiality...). */
export interface IssueUpdatedEvent {
  type: 'issue_updated';
  id: number;
  /** True when the title changed. */
  title: boolean;
  /** True when the description changed. */
  description: boolean;
  /** True when the start or due date changed (migration 060). */
  dates?: boolean;
  /** True when the milestone changed (migration 060). */
  milestone?: boolean;
}

/** Something hanging on an issue changed: assignees, labels, hierarchy, links, timelogs, progress, designs. */
export interface WorkItemChangedEvent {
  type: 'work_item_changed';
  id: number;
  what: 'assignees' | 'labels' | 'hierarchy' | 'linked_items' | 'time_tracking' | 'progress' | 'designs';
}

/** An award emoji was given or taken back. */
export interface AwardEmojiEvent {
  type: 'award_emoji_changed';
  awardableType: string;
  awardableId: number;
}

/** Every event on the bus. */
export type BusEvent = NoteEvent | IssueUpdatedEvent | WorkItemChangedEvent | AwardEmojiEvent;

/** One process's view of the bus. */
export interface EventBus {
  /** Calls `listener` with every event until the returned function is called. */
  subscribe(listener: (event: BusEvent) => void): () => void;
  /** Stops listening. */
  close(): Promise<void>;
}

/** Starts listening on `database`'s event channel. */
export async function openEventBus(database: Database, onError: (error: unknown) => void): Promise<EventBus> {
  const listeners = new Set<(event: BusEvent) => void>();
  const unlisten = await database.listen(EVENTS_CHANNEL, (payload) => {
    let event: BusEvent;
    try {
      event = JSON.parse(payload) as BusEvent;
    } catch (error) {
      onError(error);
      return;
    }
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        onError(error);
      }
    }
  });
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await unlisten();
    },
  };
}
