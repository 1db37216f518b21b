/**
 * GitLab's label entities (`lib/api/entities/label_basic.rb`, `label.rb`): LabelBasic on issues
 * (`with_labels_details`), Label in label lists (project lists add `priority` and
 * `is_project_label`; `with_counts` adds the issue and merge request counts).
 */
import type { LabelRow } from '../../../domain/issuableTables.ts';
import { labelTextColor } from '../../../domain/labels.ts';

/** The columns of a label that {@link LabelBasic} shows. */
export type LabelBasicFields = Pick<LabelRow, 'id' | 'title' | 'color' | 'description' | 'description_html'>;

/** `id, name, color, description, description_html, text_color`. */
export function LabelBasic(label: LabelBasicFields) {
  return {
    id: label.id,
    name: label.title,
    color: label.color,
    description: label.description || null,
    description_html: label.description_html ?? '',
    text_color: labelTextColor(label.color),
  };
}

/** Counts `with_counts=true` adds. */
export interface LabelCounts {
  open_issues_count: number;
  closed_issues_count: number;
  open_merge_requests_count: number;
}

/** What a label list entry shows besides the row. */
export interface LabelExtras {
  counts?: LabelCounts;
  subscribed: boolean;
  /** Project lists only: the label's priority in that project (null when unprioritised). */
  project?: { priority: number | null; isProjectLabel: boolean };
}

/** A label in `GET /projects/:id/labels`, `GET /groups/:id/labels` and their single routes. */
export function Label(label: LabelRow, extras: LabelExtras) {
  return {
    ...LabelBasic(label),
    ...(extras.counts ?? {}),
    subscribed: extras.subscribed,
    ...(extras.project ? { priority: extras.project.priority, is_project_label: extras.project.isProjectLabel } : {}),
  };
}
