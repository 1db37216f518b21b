// The one place a page hands server access to the data-bound components. Types only cross the
// layers here: the Markdown ones are imported as types (erased at build), so the components layer
// still has no runtime dependency on the markdown layer, and forgekit/client's defaults
// (`createDefaultAdapters`) are checked against this interface.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { CustomEmojiFetcher } from '../../emoji/customEmoji';
import type { InitEmojiMapOptions } from '../../emoji/store';
import type { MarkdownPreviewResult } from '../../markdown/MarkdownEditor/useMarkdownPreview';
import type { MentionOptions } from '../../markdown/pipeline/enhancers/mentions';
import type { ReferenceOptions } from '../../markdown/pipeline/enhancers/references';
import type { BroadcastMessageDismissal } from '../BroadcastMessage/dismissal';
import type { SendCalloutDismissal } from '../DismissibleCallout/calloutDismissal';
import type { UpdateUserStatusAdapter } from '../UserStatusForm/types';

/**
 * Where a label is created: a project (`projectPath` given, the project's labels page) or a group
 * (the group labels API), by full path.
 */
export interface LabelOwner {
  /** The group's full path, or the project's namespace path. */
  namespacePath: string;
  /** The project's path inside the namespace; without it the label is a group label. */
  projectPath?: string;
}

/** A new label (spec section 3: "Label: title, color. A group label is posted as name and color"). */
export interface NewLabel {
  title: string;
  /** `#` and 3 or 6 hex digits. */
  color: string;
  description?: string;
}

/** A created label, as label pickers read it. */
export interface CreatedLabel {
  id: number;
  title: string;
  color: string;
  text_color?: string;
  description?: string | null;
}

/**
 * The outcome of a label creation. A refusal is not an exception: it carries the server's error
 * body (spec section 8: "Label creation failure returns the server error body"), e.g.
 * `{ message: { title: ['has already been taken'] } }`, for the form to show.
 */
export type LabelCreation = { status: 'created'; label: CreatedLabel } | { status: 'failed'; error: unknown };

/** A project in a user's project list (GitLab's BasicProjectDetails, the fields a picker reads). */
export interface UserProject {
  id: number;
  name: string;
  name_with_namespace?: string;
  path_with_namespace: string;
  avatar_url?: string | null;
  web_url?: string;
}

/** Search options of a user's project list (spec section 7: `users/{id}/projects`). */
export interface UserProjectsQuery {
  search?: string;
  perPage?: number;
}

/**
 * Everything the data-bound components ask the server, each optional: a component without its
 * adapter (and without a prop) falls back to its own default or leaves the feature out.
 * `createDefaultAdapters()` from `forgekit/client` builds all of them on the REST and GraphQL
 * clients; stories and tests pass their own.
 */
export interface DataAdapters {
  /** User popover data for a mention (the `Markdown` user popovers). */
  fetchUser?: MentionOptions['fetchUser'];
  /** Follows (`true`) or unfollows a user (the user popover's button). */
  followUser?: MentionOptions['follow'];
  /** A reference's preview (issue, work item, merge request, epic, milestone popovers). */
  fetchReference?: ReferenceOptions['fetchReference'];
  /** The Markdown preview of `text` through the editor's preview URL (`MarkdownEditor`). */
  previewMarkdown?: (text: string, previewUrl: string) => Promise<MarkdownPreviewResult>;
  /** Runs the getCustomEmoji query (emoji picker, award emoji, `<gl-emoji>`). */
  fetchCustomEmoji?: CustomEmojiFetcher;
  /** POSTs a broadcast message's dismissal (`BroadcastMessage`). */
  dismissBroadcastMessage?: (path: string, payload: BroadcastMessageDismissal) => Promise<unknown>;
  /** Error tracking for failures the user is not shown (a failed broadcast dismissal). */
  reportError?: (error: unknown) => void;
  /** POSTs a callout's dismissal (`DismissibleCallout`, `initDismissibleCallouts`). */
  dismissCallout?: SendCalloutDismissal;
  /** Creates a project or group label. */
  createLabel?: (owner: LabelOwner, label: NewLabel) => Promise<LabelCreation>;
  /** A user's projects; rejects with 'Something went wrong while fetching projects' for the page's alert. */
  fetchUserProjects?: (userId: number | string, query?: UserProjectsQuery) => Promise<UserProject[]>;
  /** Saves the current user's status, partially (`UserStatusForm`). */
  updateUserStatus?: UpdateUserStatusAdapter;
}

const NO_ADAPTERS: DataAdapters = Object.freeze({});
const DataAdaptersContext = createContext<DataAdapters>(NO_ADAPTERS);

export interface DataProviderProps {
  /** The adapters; a nested provider overrides its parent's per adapter. */
  adapters: DataAdapters;
  children?: ReactNode;
}

/**
 * Hands the data adapters to every data-bound component below it. Wrap the page once with
 * `createDefaultAdapters()` from `forgekit/client`; a component's own prop still wins.
 */
export function DataProvider({ adapters, children }: DataProviderProps) {
  const parent = useContext(DataAdaptersContext);
  const value = useMemo(() => (parent === NO_ADAPTERS ? adapters : { ...parent, ...adapters }), [parent, adapters]);
  return <DataAdaptersContext.Provider value={value}>{children}</DataAdaptersContext.Provider>;
}

/** The adapters of the nearest `DataProvider` (an empty object without one). */
export function useDataAdapters(): DataAdapters {
  return useContext(DataAdaptersContext);
}

/**
 * `initEmojiMap()` options carrying the provider's custom emoji adapter, or `undefined` (the emoji
 * store's defaults) when there is none. Stable while the adapter is.
 */
export function useEmojiInitOptions(): InitEmojiMapOptions | undefined {
  const { fetchCustomEmoji } = useDataAdapters();
  return useMemo(() => (fetchCustomEmoji ? { fetchCustomEmoji } : undefined), [fetchCustomEmoji]);
}
