// What the label pages share, apart from the list page's module: the new and edit pages load
// neither the list nor its delete confirmation.
import type { Label as LabelEntity } from 'forgekit/client';

/** The page's texts (GitLab's). */
export const LABELS_TEXT = {
  title: 'Labels',
  newLabel: 'New label',
  edit: 'Edit',
  delete: 'Delete',
  empty: 'Labels can be applied to issues and merge requests.',
  groupLabel: 'Group label',
  openIssues: (count: number) => `${count} open ${count === 1 ? 'issue' : 'issues'}`,
  deleteTitle: (name: string) => `Delete label: ${name} ?`,
  deleteMessage: (name: string, project: string) =>
    `${name} will be permanently deleted from ${project}. This cannot be undone.`,
  deleteConfirm: 'Delete label',
  deleteFailed: 'An error occurred while deleting the label.',
} as const;

/** A project label list entry (`with_counts`, `is_project_label`). */
export interface ProjectLabel extends LabelEntity {
  open_issues_count?: number;
  is_project_label?: boolean;
}
