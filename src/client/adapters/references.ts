// Default adapter for reference previews: the issue, work item, merge request, milestone or epic a
// Markdown reference link points at, read from the REST API (types only from the markdown layer).
import type { PreviewedReference, ReferencePreview } from '../../markdown/pipeline/enhancers/references';
import { getIssue } from '../rest/api/issues';
import { getMergeRequest } from '../rest/api/mergeRequests';
import { api, clientOf, type ApiOptions } from '../rest/api/shared';
import type { IssuableReferences, Milestone } from '../rest/types';

/** Raised for a reference link that names no project or number to look up. */
export const UNRESOLVABLE_REFERENCE_MESSAGE = 'forgekit: the reference names no project and number to look up.';

/** An epic as GitLab's (EE) REST API returns it: the fields a preview reads. */
interface Epic {
  title: string;
  state: 'opened' | 'closed';
  confidential: boolean;
  start_date: string | null;
  due_date: string | null;
  references?: IssuableReferences;
}

/** A milestone's state as the preview names it: closed, expired, upcoming (not started) or active. */
export function milestoneState(milestone: Milestone, now = Date.now()): string {
  if (milestone.state === 'closed') return 'closed';
  if (milestone.expired) return 'expired';
  if (milestone.start_date && Date.parse(milestone.start_date) > now) return 'upcoming';
  return 'active';
}

/** A work item type as GitLab's REST API writes it (`TASK`), as the preview names it (`Task`). */
const typeName = (type: string) => type.charAt(0).toUpperCase() + type.slice(1).toLowerCase().replace(/_/g, ' ');

function required(reference: PreviewedReference, value: string | number | undefined): string | number {
  if (!reference.project || value === undefined) throw new Error(UNRESOLVABLE_REFERENCE_MESSAGE);
  return value;
}

/**
 * The preview of a reference: GET projects/{project}/issues/{iid} (issues and work items),
 * merge_requests/{iid}, milestones/{id}, or groups/{group}/epics/{iid}.
 */
export async function fetchReferencePreview(
  reference: PreviewedReference,
  options?: ApiOptions,
): Promise<ReferencePreview> {
  const client = clientOf(options);
  switch (reference.type) {
    case 'issue':
    case 'work_item': {
      const { data } = await getIssue(reference.project!, Number(required(reference, reference.iid)), options);
      return {
        title: data.title,
        reference: data.references?.full,
        state: data.state,
        dueDate: data.due_date ?? undefined,
        confidential: data.confidential,
        workItemType: reference.type === 'work_item' && data.type ? typeName(data.type) : undefined,
      };
    }
    case 'merge_request': {
      const { data } = await getMergeRequest(
        reference.project!,
        Number(required(reference, reference.iid)),
        {},
        options,
      );
      return { title: data.title, reference: data.references?.full, state: data.state };
    }
    case 'milestone': {
      const id = required(reference, reference.id);
      const { data } = await client.get<Milestone>(api`/projects/${reference.project!}/milestones/${id}`, options);
      return {
        title: data.title,
        state: milestoneState(data),
        dueDate: data.due_date ?? undefined,
        startDate: data.start_date ?? undefined,
      };
    }
    case 'epic': {
      const iid = required(reference, reference.iid);
      const { data } = await client.get<Epic>(api`/groups/${reference.project!}/epics/${iid}`, options);
      return {
        title: data.title,
        reference: data.references?.full,
        state: data.state,
        confidential: data.confidential,
        dueDate: data.due_date ?? undefined,
        startDate: data.start_date ?? undefined,
      };
    }
  }
}
