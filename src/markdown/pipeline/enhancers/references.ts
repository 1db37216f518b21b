// Reference previews: issue, work item, merge request, epic and milestone links get a preview
// popover on hover or keyboard focus, through an adapter (spec sections 2 and 3 of the Markdown
// issue; spec section 2: "Rendered Markdown is post-processed for ... references to issues, work
// items, merge requests, epics and milestones").
import type { BadgeVariant } from '../../../components/Badge';
import type { MarkdownEnhancer } from '../types';
import { MENTION_POPOVER_HIDE_DELAY, MENTION_POPOVER_SHOW_DELAY } from './mentions';
import { attachReferencePopovers, cachedResource, loadReferencePopoverUi } from './referencePopoverManager';

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

/** The attribute holding each type's record id (as renderMarkdown and GitLab write it). */
const ID_ATTRIBUTES: Record<PreviewReferenceType, string> = {
  issue: 'data-issue',
  work_item: 'data-work-item',
  merge_request: 'data-merge-request',
  epic: 'data-epic',
  milestone: 'data-milestone',
};

/** The reference a link stands for. */
export function previewedReference(link: HTMLAnchorElement | HTMLElement): PreviewedReference {
  const type = link.getAttribute('data-reference-type') as PreviewReferenceType;
  const reference: PreviewedReference = { type, url: (link as HTMLAnchorElement).href || link.getAttribute('href')! };
  const project = link.getAttribute('data-project');
  const iid = Number(link.getAttribute('data-iid'));
  const id = link.getAttribute(ID_ATTRIBUTES[type]);
  const text = link.getAttribute('data-original');
  if (project) reference.project = project;
  if (link.hasAttribute('data-iid') && Number.isFinite(iid)) reference.iid = iid;
  if (id) reference.id = id;
  if (text) reference.text = text;
  return reference;
}

/**
 * References: issue, work item, merge request, epic and milestone links get a preview popover
 * (title, reference, state badge, dates) on hover (after 200 ms) or keyboard focus, fetched through
 * `options.references.fetchReference` once per reference per page. Without the adapter nothing
 * happens. Listeners are delegated to the container; the React root is created on first use and
 * removed by `dispose()`.
 */
export const referencesEnhancer: MarkdownEnhancer = {
  name: 'referencesEnhancer',
  selector: REFERENCE_POPOVER_SELECTOR,
  enhance(elements, context) {
    const fetchReference = context.options.references?.fetchReference;
    if (!fetchReference) return;
    attachReferencePopovers({
      context,
      links: elements,
      kind: 'reference',
      showDelay: REFERENCE_POPOVER_SHOW_DELAY,
      hideDelay: REFERENCE_POPOVER_HIDE_DELAY,
      content: (ui, link, { titleId }) => {
        const reference = previewedReference(link);
        return ui.createReferencePreviewContent({
          resource: cachedResource(fetchReference, `${reference.type} ${reference.url}`, () =>
            fetchReference(reference),
          ),
          titleId,
          type: reference.type,
          fallbackLabel: reference.text ?? link.textContent?.trim() ?? '',
          now: Date.now(),
        });
      },
    });
    return loadReferencePopoverUi().then(() => undefined);
  },
};
