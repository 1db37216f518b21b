/**
 * The header of a work item's page (title editing, close and reopen, confidentiality,
 * notifications, delete): its own chunk, hydrated as it arrives (see `deferredRegion.tsx`), the
 * first the page asks for.
 */
import { WorkItemHeader, type WorkItemState, type WorkItemTypeName } from 'forgekit';
import { useNavigate } from 'react-router';
import { graphqlMutate } from '../../../graphql.ts';
import { DELETE_WORK_ITEM, widgetOf, type GqlWorkItem } from './workItemQueries.ts';

export interface IssueHeaderProps {
  workItem: GqlWorkItem;
  /** Where the item lives: a project or a group. */
  namespaceKind: 'project' | 'group';
  /** Where a delete goes: the item's list, below the relative root. */
  listPath: string;
  /** Saves a `workItemUpdate` input, then reads the item again; rejects when the server refuses it. */
  onUpdate: (input: Readonly<Record<string, unknown>>) => Promise<void>;
}

/** The work item's header; a delete leads to the list. */
export function IssueHeader({ workItem, namespaceKind, listPath, onUpdate }: IssueHeaderProps) {
  const navigate = useNavigate();
  const permissions = workItem.userPermissions;
  const hierarchy = widgetOf(workItem, 'HIERARCHY');
  return (
    <WorkItemHeader
      type={workItem.workItemType.name as WorkItemTypeName}
      title={workItem.title}
      reference={workItem.reference}
      state={workItem.state as WorkItemState}
      isConfidential={workItem.confidential}
      namespace={namespaceKind}
      author={workItem.author ? { name: workItem.author.name, webUrl: workItem.author.webUrl } : undefined}
      createdAt={workItem.createdAt}
      parent={
        hierarchy?.parent?.webUrl
          ? {
              title: hierarchy.parent.title,
              reference: hierarchy.parent.reference,
              webUrl: hierarchy.parent.webUrl,
              type: hierarchy.parent.workItemType.name,
            }
          : undefined
      }
      hasChildren={hierarchy?.hasChildren ?? false}
      isSubscribed={widgetOf(workItem, 'NOTIFICATIONS')?.subscribed}
      canUpdate={permissions.updateWorkItem}
      canSetMetadata={permissions.setWorkItemMetadata}
      canDelete={permissions.deleteWorkItem}
      onTitleChange={(title) => onUpdate({ title })}
      onStateChange={(state) => onUpdate({ stateEvent: state === 'CLOSED' ? 'CLOSE' : 'REOPEN' })}
      onConfidentialChange={(confidential) => onUpdate({ confidential })}
      onSubscribedChange={(subscribed) => onUpdate({ notificationsWidget: { subscribed } })}
      onDelete={async () => {
        await graphqlMutate(DELETE_WORK_ITEM, { input: { id: workItem.id } });
        await navigate(listPath);
      }}
    />
  );
}
