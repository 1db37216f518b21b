/**
 * The widgets under a work item's description (GitLab's work item view): the child items tree
 * (grouped by type with counts; add existing or new children, at most 10 at a time; the
 * confidential-parent refusal; remove with Undo; reorder), the linked items (relates to, blocks,
 * is blocked by), the development widget and the designs (uploaded with GitLab's multipart
 * `designManagementUpload`), each where the item's type has it. A group's epic finds existing items
 * in its subgroups and their projects too (`includeDescendants`). Their own chunk, hydrated after
 * the page's header (see `deferredRegion.tsx`).
 */
import {
  WorkItemChildren,
  WorkItemDesigns,
  WorkItemDevelopment,
  WorkItemLinkedItems,
  WORK_ITEM_LINK_TYPES,
  WORK_ITEM_TYPES,
  type WorkItemChild,
  type WorkItemLinkItem,
  type WorkItemLinkType,
  type WorkItemLinkedItem,
  type WorkItemTypeName,
} from 'forgekit';
import { restClient } from 'forgekit/client';
import { useMemo } from 'react';
import { graphqlMutate, graphqlQuery } from '../../../graphql.ts';
import type { WorkItemNamespace } from './WorkItemPage.tsx';
import {
  ADD_LINKED_ITEMS,
  CREATE_WORK_ITEM,
  REMOVE_LINKED_ITEMS,
  REORDER_CHILD,
  SEARCH_PAGE_SIZE,
  SEARCH_WORK_ITEMS,
  UPDATE_WORK_ITEM,
  WORK_ITEM_CHILDREN,
  WORK_ITEM_TYPE_IDS,
  widgetOf,
  type GqlChild,
  type GqlLinkItem,
  type GqlWidgets,
  type GqlWorkItem,
} from './workItemQueries.ts';

/** The fields of an item found to add or link; references in full, as items of other projects come. */
const FOUND_ITEM = 'id title reference(full: true) webUrl state confidential workItemType { name }';

/** GitLab's search of a group's epic: open items of the group, its subgroups and their projects. */
export const SEARCH_GROUP_WORK_ITEMS = `query searchGroupWorkItems($fullPath: ID!, $search: String, $types: [IssueType!], $first: Int) {
  group(fullPath: $fullPath) {
    id
    workItems(search: $search, types: $types, state: opened, includeDescendants: true, first: $first) {
      nodes { ${FOUND_ITEM} }
    }
  }
}`;

export interface IssueRelationsProps {
  workItem: GqlWorkItem;
  namespace: WorkItemNamespace;
  /** Reads the item again (after an edit the widget already shows). */
  onRefresh: () => void;
}

function toLinkItem(item: GqlLinkItem): WorkItemLinkItem {
  return {
    id: item.id,
    title: item.title,
    reference: item.reference,
    webUrl: item.webUrl ?? undefined,
    type: item.workItemType.name,
    state: item.state,
    confidential: item.confidential,
  };
}

function toChild(item: GqlChild): WorkItemChild {
  return { ...toLinkItem(item), hasChildren: item.widgets.some((widget) => widget.hasChildren) };
}

/** GitLab's `linkType` (`relates_to`, `blocks`, `is_blocked_by`) as the API's enum (`RELATED`...). */
function linkTypeOf(rest: string): WorkItemLinkType {
  return WORK_ITEM_LINK_TYPES.find((type) => type.rest === rest)?.graphql ?? 'RELATED';
}

/** GraphQL's `IssueType` of a work item type (`Key Result` is `KEY_RESULT`). */
function issueTypeOf(type: WorkItemTypeName): string {
  return WORK_ITEM_TYPES[type].issuableType.toUpperCase();
}

function toLinkedItems(widget: GqlWidgets['LINKED_ITEMS'] | undefined): WorkItemLinkedItem[] {
  return (widget?.linkedItems.nodes ?? []).flatMap((link) =>
    link.workItem ? [{ linkType: linkTypeOf(link.linkType), workItem: toLinkItem(link.workItem) }] : [],
  );
}

/**
 * The hierarchy, linked items, development and designs of the work item, in `WorkItemView`'s order
 * (child items, linked items, the others). The widgets show an add or a removal at once; the page
 * then reads the item again in the background.
 */
export function IssueRelations({ workItem, namespace, onRefresh }: IssueRelationsProps) {
  const type = workItem.workItemType.name as WorkItemTypeName;
  const permissions = workItem.userPermissions;
  const hierarchy = widgetOf(workItem, 'HIERARCHY');
  const linked = widgetOf(workItem, 'LINKED_ITEMS');
  const development = widgetOf(workItem, 'DEVELOPMENT');
  const designs = widgetOf(workItem, 'DESIGNS');
  // The widgets keep their own optimistic copy until these change: new arrays only with new data.
  const children = useMemo(() => hierarchy?.children.nodes.map(toChild) ?? [], [hierarchy]);
  const links = useMemo(() => toLinkedItems(linked), [linked]);

  // Existing items to add (children of a type, or items to link): open ones of the project, or of
  // the group's hierarchy.
  async function searchWorkItems(search: string, types?: readonly WorkItemTypeName[]) {
    const variables = { fullPath: namespace.fullPath, search, types: types?.map(issueTypeOf), first: SEARCH_PAGE_SIZE };
    const result = await graphqlQuery<{
      project?: { workItems: { nodes: GqlLinkItem[] } } | null;
      group?: { workItems: { nodes: GqlLinkItem[] } } | null;
    }>(restClient, namespace.kind === 'project' ? SEARCH_WORK_ITEMS : SEARCH_GROUP_WORK_ITEMS, variables);
    const found = (namespace.kind === 'project' ? result.project : result.group)?.workItems.nodes ?? [];
    return found.filter((item) => item.id !== workItem.id).map(toLinkItem);
  }

  /** Sets the parent of another work item (a child added, removed or put back). */
  async function setParent(childId: string, parentId: string | null) {
    await graphqlMutate(UPDATE_WORK_ITEM, { input: { id: childId, hierarchyWidget: { parentId } } });
    onRefresh();
  }

  const childItems = hierarchy ? (
    <WorkItemChildren
      parentType={type}
      items={children}
      isParentConfidential={workItem.confidential}
      canUpdate={permissions.adminParentLink}
      onLoadChildren={async (item) => {
        const result = await graphqlQuery<{ workItem: { widgets: { children?: { nodes: GqlChild[] } }[] } | null }>(
          restClient,
          WORK_ITEM_CHILDREN,
          { id: item.id },
        );
        return (result.workItem?.widgets.find((widget) => widget.children)?.children?.nodes ?? []).map(toChild);
      }}
      onSearch={(search, childType) => searchWorkItems(search, [childType])}
      onAddExisting={async (items) => {
        await graphqlMutate(UPDATE_WORK_ITEM, {
          input: { id: workItem.id, hierarchyWidget: { childrenIds: items.map((item) => item.id) } },
        });
        onRefresh();
      }}
      onCreate={async ({ title, type: childType, confidential }) => {
        const { workItem: created } = await graphqlMutate<{ errors: string[]; workItem: GqlChild | null }>(
          CREATE_WORK_ITEM,
          {
            input: {
              [namespace.kind === 'project' ? 'projectPath' : 'namespacePath']: namespace.fullPath,
              title,
              confidential,
              workItemTypeId: `gid://gitlab/WorkItems::Type/${WORK_ITEM_TYPE_IDS[childType]}`,
              hierarchyWidget: { parentId: workItem.id },
            },
          },
        );
        onRefresh();
        if (!created) throw new Error('workItemCreate returned no work item');
        return toLinkItem(created);
      }}
      onRemove={(item) => setParent(item.id, null)}
      onUndoRemove={(item) => setParent(item.id, workItem.id)}
      onReorder={async (item, { adjacentWorkItemId, relativePosition }) => {
        await graphqlMutate(REORDER_CHILD, {
          input: { id: item.id, parentId: workItem.id, adjacentWorkItemId, relativePosition },
        });
        onRefresh();
      }}
    />
  ) : null;

  const linkedItems = linked ? (
    <WorkItemLinkedItems
      workItemType={type}
      items={links}
      canUpdate={permissions.adminWorkItemLink}
      onSearch={namespace.kind === 'project' ? (search) => searchWorkItems(search) : undefined}
      onAdd={async (linkType, items) => {
        await graphqlMutate(ADD_LINKED_ITEMS, {
          input: { id: workItem.id, linkType, workItemsIds: items.map((item) => item.id) },
        });
        onRefresh();
      }}
      onRemove={async (link) => {
        await graphqlMutate(REMOVE_LINKED_ITEMS, { input: { id: workItem.id, workItemsIds: [link.workItem.id] } });
        onRefresh();
      }}
    />
  ) : null;

  return (
    <>
      {childItems}
      {linkedItems}
      {development ? (
        <WorkItemDevelopment
          mergeRequests={development.closingMergeRequests.nodes.flatMap(({ mergeRequest }) =>
            mergeRequest
              ? [
                  {
                    id: mergeRequest.id,
                    title: mergeRequest.title,
                    reference: mergeRequest.reference,
                    webUrl: mergeRequest.webUrl ?? undefined,
                    state: mergeRequest.state,
                  },
                ]
              : [],
          )}
        />
      ) : null}
      {designs ? (
        <WorkItemDesigns
          designs={(designs.designCollection?.designs.nodes ?? []).map((design) => ({
            id: design.id,
            filename: design.filename,
            image: design.image,
            event: design.event,
          }))}
          versions={designs.designCollection?.versions.nodes ?? []}
          onLoadVersion={async (versionId) => {
            const { designsAtVersion } = await import('./designVersions.ts');
            return designsAtVersion(workItem.id, versionId);
          }}
          onDelete={async (filenames) => {
            const { deleteDesigns } = await import('./designVersions.ts');
            await deleteDesigns(namespace.fullPath, workItem.iid, filenames);
            onRefresh();
          }}
          canUpdate={permissions.createDesign && namespace.kind === 'project'}
          onUpload={async (files) => {
            // The upload's code loads when it is used, not with every work item page.
            const { uploadDesigns } = await import('./designUpload.ts');
            await uploadDesigns(namespace.fullPath, workItem.iid, files);
            onRefresh();
          }}
        />
      ) : null}
    </>
  );
}
