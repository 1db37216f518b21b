/**
 * To-do items (`lib/api/todos.rb`): `GET /todos` (pending by default; action, author_id,
 * project_id, group_id, state, type filters), `POST /todos/:id/mark_as_done` and
 * `POST /todos/mark_as_done`. Issues create them (`POST .../issues/:iid/todo`, assignments,
 * mentions).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { registerUserCount } from '../../domain/counters.ts';
import type { TodoRow } from '../../domain/issuableTables.ts';
import { issuesReadableBy } from '../../domain/issuablePermissions.ts';
import { projectsReadableBy } from '../../domain/permissions.ts';
import { TODO_ACTIONS, type TodoActionName } from '../../domain/todos.ts';
import { requireUser } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { entityContext } from './entities/context.ts';
import { Todo } from './entities/Todo.ts';
import { presentIssues } from './issuePresenter.ts';
import { PAGINATION_QUERY, paginate, type PaginationQuery } from './pagination.ts';
import { ID_SCHEMA } from './params.ts';

/** Target types a todo list can be filtered by. */
export const TODO_TARGET_TYPES = [
  'Issue',
  'MergeRequest',
  'Commit',
  'Epic',
  'DesignManagement::Design',
  'AlertManagement::Alert',
] as const;

registerUserCount('todos', async (db, userId) => {
  const { count } = await db
    .selectFrom('todos')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('user_id', '=', userId)
    .where('state', '=', 'pending')
    .executeTakeFirstOrThrow();
  return count;
});

/** Serializes todos (with their projects, authors, target issues and notes) for `request`. */
export async function presentTodos(request: FastifyRequest, todos: readonly TodoRow[]) {
  const db = request.server.db;
  if (todos.length === 0) return [];
  const ctx = entityContext(request);
  const issueIds = [...new Set(todos.filter((todo) => todo.target_type === 'Issue').map((todo) => todo.target_id))];
  const projectIds = [...new Set(todos.flatMap((todo) => (todo.project_id ? [todo.project_id] : [])))];
  const authorIds = [...new Set(todos.flatMap((todo) => (todo.author_id ? [todo.author_id] : [])))];
  const noteIds = [...new Set(todos.flatMap((todo) => (todo.note_id ? [todo.note_id] : [])))];
  const [issueRows, projects, authors, notes] = await Promise.all([
    issueIds.length ? db.selectFrom('issues').selectAll().where('id', 'in', issueIds).execute() : [],
    projectIds.length ? db.selectFrom('projects').selectAll().where('id', 'in', projectIds).execute() : [],
    authorIds.length ? db.selectFrom('users').selectAll().where('id', 'in', authorIds).execute() : [],
    noteIds.length ? db.selectFrom('notes').select(['id', 'note']).where('id', 'in', noteIds).execute() : [],
  ]);
  const namespaceIds = [...new Set(projects.map((project) => project.namespace_id))];
  const namespaces = namespaceIds.length
    ? await db.selectFrom('namespaces').selectAll().where('id', 'in', namespaceIds).execute()
    : [];
  const issueEntities = await presentIssues(request, issueRows);
  const issueById = new Map(issueRows.map((row, index) => [row.id, issueEntities[index]!]));
  return todos.flatMap((todo) => {
    const target = todo.target_type === 'Issue' ? issueById.get(todo.target_id) : undefined;
    if (!target) return [];
    const project = projects.find((row) => row.id === todo.project_id);
    const namespace = namespaces.find((row) => row.id === project?.namespace_id);
    return [
      Todo(
        todo,
        {
          project: project && namespace ? { row: project, namespace } : null,
          author: authors.find((user) => user.id === todo.author_id) ?? null,
          target,
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
      let query = db
        .selectFrom('todos')
        .selectAll()
        .where('user_id', '=', user.id)
        .where('state', '=', q.state ?? 'pending')
        // Issue todos only (the one target kind here), and only while the user may read the issue:
        // GitLab hides todos whose target became confidential or private.
        .where('target_type', '=', 'Issue')
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('issues')
              .innerJoin('projects', 'projects.id', 'issues.project_id')
              .select(sql`1`.as('one'))
              .whereRef('issues.id', '=', 'todos.target_id')
              .where(projectsReadableBy(user) as never)
              .where(issuesReadableBy(user)),
          ),
        );
      if (q.action) query = query.where('action', '=', TODO_ACTIONS[q.action]);
      if (q.author_id) query = query.where('author_id', '=', q.author_id);
      if (q.project_id) query = query.where('project_id', '=', q.project_id);
      if (q.group_id)
        query = query.where(
          sql<SqlBool>`EXISTS (SELECT 1 FROM projects p JOIN namespaces n ON n.id = p.namespace_id
            WHERE p.id = todos.project_id AND ${q.group_id} = ANY(n.traversal_ids))`,
        );
      if (q.type) query = query.where('target_type', '=', q.type);
      const rows = await paginate(request, reply, query.orderBy('id', 'desc'));
      return presentTodos(request, rows);
    },
  );

  app.post<{ Params: { id: number } }>(
    '/todos/:id/mark_as_done',
    { schema: { params: { type: 'object', required: ['id'], properties: { id: ID_SCHEMA } } } },
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

  app.post('/todos/mark_as_done', async (request, reply) => {
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
