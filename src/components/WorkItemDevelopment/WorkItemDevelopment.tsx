import clsx from 'clsx';
import { Button } from '../Button';
import { Icon, type IconName } from '../Icon';
import { Menu, type MenuEntry } from '../Menu';
import { AvatarStack, type AvatarStackItem } from '../Avatar';
import { COMMIT_ROW_LABELS, PIPELINE_STATUS_ICONS, PIPELINE_STATUS_TEXT, type PipelineStatus } from '../CommitRow';
import { Counter } from '../Counter';
import { WorkItemCard, type WorkItemCardProps } from '../WorkItemChildren/WorkItemCard';
import './WorkItemDevelopment.css';

/** GitLab's development widget texts (`work_item_development/`). */
export const WORK_ITEM_DEVELOPMENT_TEXTS = {
  title: 'Development',
  empty: 'None',
  add: 'Add development item',
  mergeRequestGroup: 'Merge request',
  branchGroup: 'Branch',
  createMergeRequest: 'Create merge request',
  createBranch: 'Create branch',
  mergeRequests: 'Merge requests',
  branches: 'Branches',
} as const;

/** Merge request states (GraphQL `MergeRequestState`) with their icon and name. */
export const MERGE_REQUEST_STATES = {
  opened: { icon: 'merge-request-open', label: 'Open' },
  merged: { icon: 'merge', label: 'Merged' },
  closed: { icon: 'merge-request-close', label: 'Closed' },
  locked: { icon: 'merge-request-open', label: 'Locked' },
} as const satisfies Record<string, { icon: IconName; label: string }>;
export type MergeRequestState = keyof typeof MERGE_REQUEST_STATES;

/** A merge request related to the work item (GitLab's `relatedMergeRequests` / `closingMergeRequests`). */
export interface WorkItemMergeRequest {
  id: string;
  title: string;
  /** `!12` or `group/project!12`. */
  reference: string;
  webUrl?: string;
  state: MergeRequestState;
  /** The head pipeline's status (as CommitRow's), when there is one. */
  pipelineStatus?: PipelineStatus;
  /** Where the pipeline status links to. */
  pipelinePath?: string;
  assignees?: readonly AvatarStackItem[];
}

/** A branch related to the work item (GitLab's `relatedBranches`). */
export interface WorkItemBranch {
  name: string;
  /** The branch's compare or tree page. */
  webUrl?: string;
}

export interface WorkItemDevelopmentProps extends Pick<
  WorkItemCardProps,
  'headingLevel' | 'open' | 'defaultOpen' | 'onOpenChange' | 'className' | 'style'
> {
  mergeRequests?: readonly WorkItemMergeRequest[];
  branches?: readonly WorkItemBranch[];
  /** May the user create merge requests and branches? @default false */
  canUpdate?: boolean;
  /** @default false */
  isLoading?: boolean;
  error?: string | null;
  /** 'Create merge request' (the page opens its form); left out when merge requests are disabled. */
  onCreateMergeRequest?: () => void;
  /** 'Create branch'. */
  onCreateBranch?: () => void;
}

/**
 * The development widget of a work item: its merge requests (state, pipeline status, reference,
 * assignees) and related branches, with 'Create merge request' and 'Create branch' as callbacks.
 */
export function WorkItemDevelopment({
  mergeRequests = [],
  branches = [],
  canUpdate = false,
  isLoading = false,
  error,
  onCreateMergeRequest,
  onCreateBranch,
  className,
  ...cardProps
}: WorkItemDevelopmentProps) {
  const T = WORK_ITEM_DEVELOPMENT_TEXTS;
  const count = mergeRequests.length + branches.length;
  const actions: MenuEntry[] = [
    ...(onCreateMergeRequest
      ? [
          {
            type: 'group' as const,
            key: 'mr',
            label: T.mergeRequestGroup,
            items: [{ key: 'create-mr', label: T.createMergeRequest, onAction: onCreateMergeRequest }],
          },
        ]
      : []),
    ...(onCreateBranch
      ? [
          {
            type: 'group' as const,
            key: 'branch',
            label: T.branchGroup,
            items: [{ key: 'create-branch', label: T.createBranch, onAction: onCreateBranch }],
          },
        ]
      : []),
  ];
  return (
    <WorkItemCard
      {...cardProps}
      className={clsx('fk-work-item-development', className)}
      data-component="WorkItemDevelopment"
      title={T.title}
      counts={<Counter count={count} />}
      isLoading={isLoading}
      error={error}
      empty={!isLoading && count === 0 && !error ? T.empty : undefined}
      actions={
        canUpdate && actions.length > 0 ? (
          <Menu items={actions} placement="bottom-end">
            <Button aria-label={T.add}>
              <Icon name="plus" />
            </Button>
          </Menu>
        ) : null
      }
    >
      {mergeRequests.length > 0 ? (
        <ul className="fk-work-item-development__list" aria-label={T.mergeRequests}>
          {mergeRequests.map((mr) => {
            const state = MERGE_REQUEST_STATES[mr.state];
            const status = mr.pipelineStatus;
            const pipeline = status ? (
              <Icon
                name={PIPELINE_STATUS_ICONS[status]}
                label={COMMIT_ROW_LABELS.pipeline(PIPELINE_STATUS_TEXT[status])}
              />
            ) : null;
            return (
              <li key={mr.id} className="fk-work-item-development__item" data-state={mr.state}>
                <Icon name={state.icon} label={state.label} className="fk-work-item-development__state" />
                <span className="fk-work-item-development__text">
                  {mr.webUrl ? <a href={mr.webUrl}>{mr.title}</a> : <span>{mr.title}</span>}
                  <span className="fk-work-item-development__reference">{mr.reference}</span>
                </span>
                {pipeline ? (
                  mr.pipelinePath ? (
                    <a href={mr.pipelinePath} className="fk-work-item-development__pipeline" data-status={status}>
                      {pipeline}
                    </a>
                  ) : (
                    <span className="fk-work-item-development__pipeline" data-status={status}>
                      {pipeline}
                    </span>
                  )
                ) : null}
                {mr.assignees?.length ? <AvatarStack avatars={mr.assignees} size={16} /> : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {branches.length > 0 ? (
        <ul className="fk-work-item-development__list" aria-label={T.branches}>
          {branches.map((branch) => (
            <li key={branch.name} className="fk-work-item-development__item">
              <Icon name="branch" className="fk-work-item-development__state" />
              <span className="fk-work-item-development__text">
                {branch.webUrl ? (
                  <a href={branch.webUrl} className="fk-work-item-development__branch">
                    {branch.name}
                  </a>
                ) : (
                  <span className="fk-work-item-development__branch">{branch.name}</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </WorkItemCard>
  );
}
