/**
 * To-do items (`lib/api/todos.rb`): `GET /todos` (pending by default; action, author_id,
 * project_id, group_id, state, type filters), `POST /todos/:id/mark_as_done` and
 * `POST /todos/mark_as_done`. Issues create them (`POST .../issues/:iid/todo`, assignments,
 * mentions) and group work items (epics, through the work item's to-do widget) as `Epic`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { registerUserCount } from '../../domain/counters.ts';
import type { TodoRow } from '../../domain/issuableTables.ts';
import {
  TODO_ACTIONS,
  TODO_TARGET_TYPE,
  todoTargetsReadableBy,
  type TodoActionName,
  type TodoTargetType,
} from '../../domain/todos.ts';
import { requireUser } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { entityContext } from './entities/context.ts';
import { Todo, type TodoExtras } from './entities/Todo.ts';
import { presentEpics } from './epics.ts';
import { presentIssues } from './issuePresenter.ts';
import { PAGINATION_QUERY, paginate, type PaginationQuery } from './pagination.ts';
import { ID_SCHEMA, NO_BODY, NO_QUERY } from './params.ts';

/** Target types a todo list can be filtered by. */
export const TODO_TARGET_TYPES = [
  'Issue',
  'MergeRequest',
  'Commit',
  'Epic',
  'DesignManagement::Design',
  'AlertManagement::Alert',
] as const;

/** The stored targets each filter type reads: only work items are to-do targets here. */
const TODO_TARGET_TYPES_STORED: Record<(typeof TODO_TARGET_TYPES)[number], readonly TodoTargetType[]> = {
  Issue: [TODO_TARGET_TYPE.projectItem],
  Epic: [TODO_TARGET_TYPE.groupItem],
  MergeRequest: [],
  Commit: [],
  'DesignManagement::Design': [],
  'AlertManagement::Alert': [],
};

registerUserCount('todos', async (db, userId) => {
  const { count } = await db
    .selectFrom('todos')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('user_id', '=', userId)
    .where('state', '=', 'pending')
    .executeTakeFirstOrThrow();
  return count;
});

/**
 * Serializes todos (with their projects or groups, authors, targets and notes) for `request`: a
 * project's work item as GitLab's `Issue`, a group's (an epic) as its `Epic` with the group.
 */
export async function presentTodos(request: FastifyRequest, todos: readonly TodoRow[]) {
  const db = request.server.db;
  if (todos.length === 0) return [];
  const ctx = entityContext(request);
  const unique = (ids: readonly (number | null)[]) => [...new Set(ids.flatMap((id) => (id === null ? [] : [id])))];
  const targetIds = unique(todos.map((todo) => (todo.target_type === 'Issue' ? todo.target_id : null)));
  const authorIds = unique(todos.map((todo) => todo.author_id));
  const noteIds = unique(todos.map((todo) => todo.note_id));
  const [targetRows, authors, notes] = await Promise.all([
    targetIds.length ? db.selectFrom('issues').selectAll().where('id', 'in', targetIds).execute() : [],
    authorIds.length ? db.selectFrom('users').selectAll().where('id', 'in', authorIds).execute() : [],
    noteIds.length ? db.selectFrom('notes').select(['id', 'note']).where('id', 'in', noteIds).execute() : [],
  ]);
  const issueRows = targetRows.filter((row) => row.project_id !== null);
  const epicRows = targetRows.filter((row) => row.project_id === null);
  const projectIds = unique(issueRows.map((row) => row.project_id));
  const projects = projectIds.length
    ? await db.selectFrom('projects').selectAll().where('id', 'in', projectIds).execute()
    : [];
  const namespaceIds = unique([
    ...projects.map((project) => project.namespace_id),
    ...epicRows.map((row) => row.namespace_id),
  ]);
  const namespaces = namespaceIds.length
    ? await db.selectFrom('namespaces').selectAll().where('id', 'in', namespaceIds).execute()
    : [];
  const issueEntities = await presentIssues(request, issueRows);
  const targets = new Map<number, { type: TodoTargetType; entity: TodoExtras['target'] }>(
    issueRows.map((row, index) => [row.id, { type: TODO_TARGET_TYPE.projectItem, entity: issueEntities[index]! }]),
  );
  for (const group of namespaces) {
    const epics = epicRows.filter((row) => row.namespace_id === group.id);
    const entities = await presentEpics(request, { group }, epics);
    for (const [index, row] of epics.entries())
      targets.set(row.id, { type: TODO_TARGET_TYPE.groupItem, entity: entities[index]! });
  }
  return todos.flatMap((todo) => {
    const target = targets.get(todo.target_id);
    const row = targetRows.find((candidate) => candidate.id === todo.target_id);
    if (!target || !row) return [];
    const project = projects.find((candidate) => candidate.id === row.project_id);
    const namespace = namespaces.find((candidate) => candidate.id === (project?.namespace_id ?? row.namespace_id));
    return [
      Todo(
        todo,
        {
          project: project && namespace ? { row: project, namespace } : null,
          group: !project && namespace ? namespace : null,
          author: authors.find((user) => user.id === todo.author_id) ?? null,
          targetType: target.type,
          target: target.entity,
          noteBody: notes.find((note) => note.id === todo.note_id)?.note ?? null,
        },
        ctx,
      ),
    ];
  });
}

/** Serializes one todo. */
export async function presentTodo(request: FastifyRequest, todo: TodoRow) {
  const [entity] = await presentTodos(request, [todo]);
  return entity;
}

interface TodoListQuery extends PaginationQuery {
  action?: TodoActionName;
  author_id?: number;
  project_id?: number;
  group_id?: number;
  state?: 'pending' | 'done';
  type?: (typeof TODO_TARGET_TYPES)[number];
}

/** Todos' router. */
export async function todos(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get<{ Querystring: TodoListQuery }>(
    '/todos',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...PAGINATION_QUERY,
            action: { type: 'string', enum: Object.keys(TODO_ACTIONS) },
            author_id: ID_SCHEMA,
            project_id: ID_SCHEMA,
            group_id: ID_SCHEMA,
            state: { type: 'string', enum: ['pending', 'done'] },
            type: { type: 'string', enum: TODO_TARGET_TYPES },
          },
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const q = request.query;
      const types = q.type ? TODO_TARGET_TYPES_STORED[q.type] : undefined;
      let query = db
        .selectFrom('todos')
        .selectAll()
        .where('user_id', '=', user.id)
        .where('state', '=', q.state ?? 'pending')
        .where(todoTargetsReadableBy(user, types));
      if (q.action) query = query.where('action', '=', TODO_ACTIONS[q.action]);
      if (q.author_id) query = query.where('author_id', '=', q.author_id);
      if (q.project_id) query = query.where('project_id', '=', q.project_id);
      if (q.group_id)
        query = query.where(
          sql<SqlBool>`EXISTS (SELECT 1 FROM projects p JOIN namespaces n ON n.id = p.namespace_id
            WHERE p.id = todos.project_id AND ${q.group_id} = ANY(n.traversal_ids))`,
        );
      const rows = await paginate(request, reply, query.orderBy('id', 'desc'));
      return presentTodos(request, rows);
    },
  );

  app.post<{ Params: { id: number } }>(
    '/todos/:id/mark_as_done',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: ID_SCHEMA } },
        querystring: NO_QUERY,
        body: NO_BODY,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const todo = await db
        .updateTable('todos')
        .set({ state: 'done', updated_at: new Date() })
        .where('id', '=', request.params.id)
        .where('user_id', '=', user.id)
        .returningAll()
        .executeTakeFirst();
      if (!todo) throw notFound('Todo');
      // GitLab answers this POST with 201 and the todo (Grape's default for POST).
      return reply.code(201).send(await presentTodo(request, todo));
    },
  );

  app.post('/todos/mark_as_done', { schema: { querystring: NO_QUERY, body: NO_BODY } }, async (request, reply) => {
    const user = requireUser(request);
    await db
      .updateTable('todos')
      .set({ state: 'done', updated_at: new Date() })
      .where('user_id', '=', user.id)
      .where('state', '=', 'pending')
      .execute();
    return reply.code(204).send();
  });
}
