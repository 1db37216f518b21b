/** A user as the work item widgets show them (GitLab's `UserCore` fields). */
export interface WorkItemUser {
  id: string;
  username: string;
  name: string;
  avatarUrl?: string;
  webUrl?: string;
}

/** A label (GitLab's `Label`): `scope::name` titles are scoped. */
export interface WorkItemLabel {
  id: string;
  title: string;
  color: string;
  description?: string;
}

/** A milestone (GitLab's `Milestone`); dates are `yyyy-mm-dd`. */
export interface WorkItemMilestoneValue {
  id: string;
  title: string;
  startDate?: string | null;
  dueDate?: string | null;
  /** `closed` milestones are shown as such; `active` ones by their dates. @default 'active' */
  state?: 'active' | 'closed';
  webUrl?: string;
}

/** An iteration (GitLab's `Iteration`) of a cadence; dates are `yyyy-mm-dd`. */
export interface WorkItemIterationValue {
  id: string;
  /** Iterations are often untitled: their period names them. */
  title?: string | null;
  startDate: string;
  dueDate: string;
  iterationCadence: { id: string; title: string };
  webUrl?: string;
}

/** What every editable widget takes besides its value. */
export interface WorkItemWidgetBaseProps {
  /** Whether the user may edit; read-only without it. @default false */
  canUpdate?: boolean;
  /** The value is loading. @default false */
  isLoading?: boolean;
  /**
   * Shown when a save fails; pass `workItemUpdateErrorMessage(typeLabel)`.
   * @default WORK_ITEM_UPDATE_ERROR_MESSAGE
   */
  errorMessage?: string;
  /** Also told about a failed save. @default undefined */
  onError?: (message: string, error: unknown) => void;
  /** Class of the root element. */
  className?: string;
}
