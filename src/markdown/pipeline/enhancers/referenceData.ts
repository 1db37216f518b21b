// What a reference preview is about and shows, and its texts: a leaf module, shared by the
// references enhancer (eager) and the popover chunk it loads with import()
// (referencePopoverContent.tsx), so that chunk does not import the enhancer back (no import circle).
import type { BadgeVariant } from '../../../components/Badge';
import { MENTION_POPOVER_HIDE_DELAY, MENTION_POPOVER_SHOW_DELAY } from './mentionData';

/** The reference types that get a preview popover. */
export const PREVIEW_REFERENCE_TYPES = ['issue', 'work_item', 'merge_request', 'epic', 'milestone'] as const;
export type PreviewReferenceType = (typeof PREVIEW_REFERENCE_TYPES)[number];

/** The reference links served: `a.gfm[data-reference-type=...]` of the types above. */
export const REFERENCE_POPOVER_SELECTOR = PREVIEW_REFERENCE_TYPES.map(
  (type) => `a.gfm[data-reference-type="${type}"][href]`,
).join(', ');

/** Spec section 9: "Popover hover delay 200 ms (mouseover debounced 200 ms)", as for user popovers. */
export const REFERENCE_POPOVER_SHOW_DELAY = MENTION_POPOVER_SHOW_DELAY;
/** Spec section 9: popover hide delay 150 ms. */
export const REFERENCE_POPOVER_HIDE_DELAY = MENTION_POPOVER_HIDE_DELAY;

/** What `fetchReference` is asked about, read from the link's attributes. */
export interface PreviewedReference {
  type: PreviewReferenceType;
  /** `data-project`: the project (or group, for epics) id or path. */
  project?: string;
  /** `data-iid`: the number of an issue, work item, merge request or epic. */
  iid?: number;
  /** The link's URL (absolute). */
  url: string;
  /** The record id (`data-issue`, `data-merge-request`, `data-milestone`, ...). */
  id?: string;
  /** The reference as written (`data-original`, e.g. `group/project#12` or `%v1.0`). */
  text?: string;
}

/** What a reference preview shows. */
export interface ReferencePreview {
  /** The issue, merge request, epic, work item or milestone title. */
  title: string;
  /** The full reference shown under the title, e.g. `group/project#12`. @default the link's reference */
  reference?: string;
  /**
   * State (spec section 4): `opened`/`open`/`reopened`/`locked` ('Open'), `closed` ('Closed'),
   * `merged` ('Merged'); milestones `active`, `upcoming`, `expired`, `closed`. Upper case
   * (work items' `OPEN`, `CLOSED`) is read too. Others show no badge.
   */
  state?: string;
  /** Due date (ISO date or date-time), e.g. a milestone's. */
  dueDate?: string;
  /** Start date (ISO), e.g. a milestone's. */
  startDate?: string;
  /** Marks a confidential issue or epic. */
  confidential?: boolean;
  /** Work item type ('Task', 'Incident', ...), shown instead of 'Work item'. */
  workItemType?: string;
}

/** Options of the references enhancer (`renderGfm(el, { references: { ... } })`). */
export interface ReferenceOptions {
  /**
   * Fetches a reference's preview. Without it there are no reference popovers. Called once per
   * reference (URL) per page; a failure shows an error in the popover and is retried on the next
   * opening.
   */
  fetchReference?: (reference: PreviewedReference) => Promise<ReferencePreview>;
}

/** Display labels of the previewed types (spec section 3 names the types; the labels are ours). */
export const REFERENCE_TYPE_LABELS: Record<PreviewReferenceType, string> = {
  issue: 'Issue',
  work_item: 'Work item',
  merge_request: 'Merge request',
  epic: 'Epic',
  milestone: 'Milestone',
};

/** Spec section 4: "Labels: Upcoming, Active, Expired, Closed, Open (for opened, reopened, locked), Merged." */
export const REFERENCE_STATE_BADGES: Record<string, { label: string; variant: BadgeVariant }> = {
  opened: { label: 'Open', variant: 'open' },
  open: { label: 'Open', variant: 'open' },
  reopened: { label: 'Open', variant: 'open' },
  locked: { label: 'Open', variant: 'open' },
  closed: { label: 'Closed', variant: 'closed' },
  merged: { label: 'Merged', variant: 'merged' },
  active: { label: 'Active', variant: 'open' },
  upcoming: { label: 'Upcoming', variant: 'neutral' },
  expired: { label: 'Expired', variant: 'warning' },
};

/** Texts of the reference preview ('Past due' from spec section 9; the others are ours). */
export const REFERENCE_POPOVER_TEXTS = {
  pastDue: 'Past due',
  dueDate: 'Due date',
  startDate: 'Start date',
  confidential: 'Confidential',
  loadError: 'The preview could not be loaded.',
} as const;
