/**
 * Work items: GitLab models issues as work items, so a work item is an `issues` row seen through
 * its type (`issue_type`), plus the tables of migration 030: its parent (`work_item_parent_links`)
 * and its links to other items (`work_item_related_links`, GitLab's `issue_links`). The rules of
 * GitLab's `WorkItems::ParentLink` and `IssueLink` live here, for GraphQL and any later REST route.
 */
import { sql, type Generated, type Selectable } from 'kysely';
import type { CreatedAt, DbOrTx, Defaulted } from '../db/schema.ts';
import { ValidationError } from './errors.ts';
import { GROUP_HIERARCHY_ERROR, inGroupHierarchy } from './groupWorkItems.ts';
import type { StoredIssueType } from './issuableTables.ts';
import './issuableTables.ts';

export interface WorkItemParentLinksTable {
  id: Generated<number>;
  work_item_id: number;
  work_item_parent_id: number;
  relative_position: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface WorkItemRelatedLinksTable {
  id: Generated<number>;
  source_id: number;
  target_id: number;
  link_type: Defaulted<StoredLinkType>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

declare module '../db/schema.ts' {
  interface Tables {
    work_item_parent_links: WorkItemParentLinksTable;
    work_item_related_links: WorkItemRelatedLinksTable;
  }
}

export type RelatedLinkRow = Selectable<WorkItemRelatedLinksTable>;

/**
 * GitLab's base work item types (`WorkItems::Type`, ids as GitLab seeds them), the issue type each
 * is stored as, and its icon. Every type is an `issues` row, of a project or, for epics, of a group
 * (docs/decisions/016-work-item-server.md).
 */
export const WORK_ITEM_TYPES = [
  { id: 1, name: 'Issue', issueType: 'issue', iconName: 'issue-type-issue' },
  { id: 2, name: 'Incident', issueType: 'incident', iconName: 'issue-type-incident' },
  { id: 3, name: 'Test Case', issueType: 'test_case', iconName: 'issue-type-test-case' },
  { id: 4, name: 'Requirement', issueType: 'requirement', iconName: 'issue-type-requirements' },
  { id: 5, name: 'Task', issueType: 'task', iconName: 'issue-type-task' },
  { id: 6, name: 'Objective', issueType: 'objective', iconName: 'issue-type-objective' },
  { id: 7, name: 'Key Result', issueType: 'key_result', iconName: 'issue-type-keyresult' },
  { id: 8, name: 'Epic', issueType: 'epic', iconName: 'issue-type-epic' },
] as const satisfies readonly { id: number; name: string; issueType: StoredIssueType; iconName: string }[];

export type WorkItemTypeInfo = (typeof WORK_ITEM_TYPES)[number];

/** The work item type of an issue type. */
export function workItemTypeOf(issueType: StoredIssueType): WorkItemTypeInfo {
  return WORK_ITEM_TYPES.find((type) => type.issueType === issueType)!;
}

/**
 * Which types may be the parent of which (spec section 4): objectives and key results under an
 * objective, a task under an issue, issues and epics under an epic.
 */
export const ALLOWED_PARENT_TYPES: Readonly<Record<StoredIssueType, readonly StoredIssueType[]>> = {
  objective: ['objective'],
  key_result: ['objective'],
  task: ['issue'],
  issue: ['epic'],
  epic: ['epic'],
  incident: [],
  test_case: [],
  requirement: [],
};

/** At most this many items are linked, or made children, in one request. */
export const MAX_ITEMS_AT_ONCE = 10;
/** GitLab's refusal of more than {@link MAX_ITEMS_AT_ONCE} items at once. */
export const TOO_MANY_ITEMS = `No more than ${MAX_ITEMS_AT_ONCE} work items can be modified at the same time.`;
/** GitLab's `ParentLink` validation messages. */
export const PARENT_ERRORS = {
  type: 'is not allowed to add this type of parent',
  confidential:
    'cannot assign a non-confidential work item to a confidential parent. Make the work item confidential and try again.',
  project: 'parent must be in the same project as child.',
  cycle: 'is already present in ancestors',
} as const;

/** Stored link types (GitLab's `issue_links.link_type`). */
export type StoredLinkType = 'relates_to' | 'blocks';
/** Link types as read from one side: the target of `blocks` reads `is_blocked_by`. */
export type LinkType = StoredLinkType | 'is_blocked_by';

/** The GraphQL enum of link types and the stored form each maps to (from the source's side). */
export const RELATED_LINK_TYPES = {
  RELATED: 'relates_to',
  BLOCKS: 'blocks',
  BLOCKED_BY: 'is_blocked_by',
} as const satisfies Record<string, LinkType>;

/** The work item fields the rules read. */
export interface WorkItemAuthz {
  id: number;
  /** Null for a group work item, which has `namespace_id` instead. */
  project_id: number | null;
  /** The group of a group work item; absent or null for a project's item. */
  namespace_id?: number | null;
  issue_type: StoredIssueType;
  confidential: boolean;
}

/** The parent of a work item, or null. */
export async function parentIdOf(db: DbOrTx, workItemId: number): Promise<number | null> {
  const row = await db
    .selectFrom('work_item_parent_links')
    .select('work_item_parent_id')
    .where('work_item_id', '=', workItemId)
    .executeTakeFirst();
  return row?.work_item_parent_id ?? null;
}

/** The ids of a work item's ancestors, nearest first. */
export async function ancestorIdsOf(db: DbOrTx, workItemId: number): Promise<number[]> {
  const ancestors: number[] = [];
  let current = await parentIdOf(db, workItemId);
  while (current !== null && !ancestors.includes(current)) {
    ancestors.push(current);
    current = await parentIdOf(db, current);
  }
  return ancestors;
}

/** Why `child` may not be placed under `parent` (a message), or null when it may. */
export async function parentLinkError(db: DbOrTx, child: WorkItemAuthz, parent: WorkItemAuthz): Promise<string | null> {
  if (!ALLOWED_PARENT_TYPES[child.issue_type].includes(parent.issue_type)) return PARENT_ERRORS.type;
  // A group's epic takes children from its group and subgroups; a project's item from its project.
  if (parent.namespace_id) {
    if (!(await inGroupHierarchy(db, child, parent.namespace_id))) return GROUP_HIERARCHY_ERROR;
  } else if (child.project_id !== parent.project_id) return PARENT_ERRORS.project;
  if (parent.confidential && !child.confidential) return PARENT_ERRORS.confidential;
  if (parent.id === child.id || (await ancestorIdsOf(db, parent.id)).includes(child.id)) return PARENT_ERRORS.cycle;
  return null;
}

/** Sets (or, with null, removes) the parent of `child`; throws `ValidationError` on a broken rule. */
export async function setParent(db: DbOrTx, child: WorkItemAuthz, parent: WorkItemAuthz | null): Promise<void> {
  if (parent) {
    const error = await parentLinkError(db, child, parent);
    if (error) throw new ValidationError({ work_item: [error] });
  }
  await db.deleteFrom('work_item_parent_links').where('work_item_id', '=', child.id).execute();
  if (parent) {
    // A new child goes last.
    const last = await db
      .selectFrom('work_item_parent_links')
      .select((eb) => eb.fn.max('relative_position').as('position'))
      .where('work_item_parent_id', '=', parent.id)
      .executeTakeFirst();
    await db
      .insertInto('work_item_parent_links')
      .values({
        work_item_id: child.id,
        work_item_parent_id: parent.id,
        relative_position: (last?.position ?? 0) + POSITION_GAP,
      })
      .execute();
  }
}

/** Space between the relative positions of neighbouring children. */
export const POSITION_GAP = 1024;
/** GitLab's refusal of an adjacent item under another parent (`workItemsHierarchyReorder`). */
export const ADJACENT_PARENT_MISMATCH = "The adjacent work item's parent must match the moving work item's parent.";
/** GitLab's refusal of only one of the two positioning arguments. */
export const POSITION_ARGS_REQUIRED = 'Both adjacentWorkItemId and relativePosition are required.';

/** The children of a work item in their order (relative position, then when they were added). */
export async function childIdsOf(db: DbOrTx, parentId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('work_item_parent_links')
    .select('work_item_id')
    .where('work_item_parent_id', '=', parentId)
    .orderBy(sql`relative_position NULLS LAST`)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.work_item_id);
}

/** Moves the child `childId` of `parentId` before or after its sibling `adjacentId`. */
export async function reorderChild(
  db: DbOrTx,
  parentId: number,
  childId: number,
  adjacentId: number,
  position: 'BEFORE' | 'AFTER',
): Promise<void> {
  const order = (await childIdsOf(db, parentId)).filter((id) => id !== childId);
  const at = order.indexOf(adjacentId);
  if (at === -1) throw new ValidationError({ work_item: [ADJACENT_PARENT_MISMATCH] });
  order.splice(position === 'BEFORE' ? at : at + 1, 0, childId);
  for (const [index, id] of order.entries())
    await db
      .updateTable('work_item_parent_links')
      .set({ relative_position: (index + 1) * POSITION_GAP })
      .where('work_item_id', '=', id)
      .where('relative_position', 'is distinct from', (index + 1) * POSITION_GAP)
      .execute();
}

/** A link read from one work item's side. */
export interface LinkFromSide {
  link: RelatedLinkRow;
  /** The other work item. */
  otherId: number;
  linkType: LinkType;
}

/** The links of a work item, each read from its side, oldest first. */
export async function linksOf(db: DbOrTx, workItemId: number): Promise<LinkFromSide[]> {
  const rows = await db
    .selectFrom('work_item_related_links')
    .selectAll()
    .where((eb) => eb.or([eb('source_id', '=', workItemId), eb('target_id', '=', workItemId)]))
    .orderBy('id')
    .execute();
  return rows.map((link) => {
    const isSource = link.source_id === workItemId;
    const linkType: LinkType = link.link_type === 'relates_to' || isSource ? link.link_type : 'is_blocked_by';
    return { link, otherId: isSource ? link.target_id : link.source_id, linkType };
  });
}

/**
 * Links `source` to each target as `linkType` (from the source's side); items already linked are
 * left as they are. Returns the ids that were linked.
 */
export async function addLinks(
  db: DbOrTx,
  sourceId: number,
  targetIds: readonly number[],
  linkType: LinkType,
): Promise<number[]> {
  const linked: number[] = [];
  for (const targetId of targetIds) {
    if (targetId === sourceId) continue;
    const [from, to] = linkType === 'is_blocked_by' ? [targetId, sourceId] : [sourceId, targetId];
    const existing = await db
      .selectFrom('work_item_related_links')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('source_id', '=', sourceId), eb('target_id', '=', targetId)]),
          eb.and([eb('source_id', '=', targetId), eb('target_id', '=', sourceId)]),
        ]),
      )
      .executeTakeFirst();
    if (existing) continue;
    await db
      .insertInto('work_item_related_links')
      .values({ source_id: from, target_id: to, link_type: linkType === 'relates_to' ? 'relates_to' : 'blocks' })
      .execute();
    linked.push(targetId);
  }
  return linked;
}

/** Removes the links between `workItemId` and each of `otherIds`; returns the ids unlinked. */
export async function removeLinks(db: DbOrTx, workItemId: number, otherIds: readonly number[]): Promise<number[]> {
  if (otherIds.length === 0) return [];
  const removed = await db
    .deleteFrom('work_item_related_links')
    .where((eb) =>
      eb.or([
        eb.and([eb('source_id', '=', workItemId), eb('target_id', 'in', otherIds)]),
        eb.and([eb('target_id', '=', workItemId), eb('source_id', 'in', otherIds)]),
      ]),
    )
    .returning(['source_id', 'target_id'])
    .execute();
  return removed.map((row) => (row.source_id === workItemId ? row.target_id : row.source_id));
}
