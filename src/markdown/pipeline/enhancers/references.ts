// Reference previews: issue, work item, merge request, epic and milestone links get a preview
// popover on hover or keyboard focus, through an adapter (spec sections 2 and 3 of the Markdown
// issue; spec section 2: "Rendered Markdown is post-processed for ... references to issues, work
// items, merge requests, epics and milestones").
import type { MarkdownEnhancer } from '../types';
import { attachReferencePopovers, cachedResource, loadReferencePopoverUi } from './referencePopoverManager';
import {
  REFERENCE_POPOVER_HIDE_DELAY,
  REFERENCE_POPOVER_SELECTOR,
  REFERENCE_POPOVER_SHOW_DELAY,
  type PreviewedReference,
  type PreviewReferenceType,
} from './referenceData';

export {
  PREVIEW_REFERENCE_TYPES,
  REFERENCE_POPOVER_HIDE_DELAY,
  REFERENCE_POPOVER_SELECTOR,
  REFERENCE_POPOVER_SHOW_DELAY,
  REFERENCE_POPOVER_TEXTS,
  REFERENCE_STATE_BADGES,
  REFERENCE_TYPE_LABELS,
  type PreviewedReference,
  type PreviewReferenceType,
  type ReferenceOptions,
  type ReferencePreview,
} from './referenceData';

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
