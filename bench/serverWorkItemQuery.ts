/**
 * The GraphQL work item query of `npm run bench:server` (bench/server.bench.mjs), shared with the
 * test that counts its database round trips (app/tests/api/graphqlWorkItemQueries.test.ts), so the
 * count guards the very document the bench measures.
 */

/** A work item with its hierarchy widget: whether it has children, and their ids and titles. */
export const WORK_ITEM_QUERY = `query workItem($id: WorkItemID!) { workItem(id: $id) { id iid title state
        widgets { type ... on WorkItemWidgetHierarchy { hasChildren children { nodes { id title } } } } } }`;
