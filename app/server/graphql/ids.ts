/**
 * GitLab's global IDs (`gid://gitlab/WorkItem/1`) and the ID scalars of the schema. Each scalar
 * accepts the model names GitLab accepts for it (a `NoteableID` may name an Issue or a WorkItem,
 * which are the same rows here) and refuses others with GitLab's messages.
 */
import { GraphQLError, GraphQLScalarType, Kind } from 'graphql/index.js';
import { MAX_ID } from '../db/schema.ts';

/** The prefix of every global ID. */
export const GID_PREFIX = 'gid://gitlab/';

const GID_PATTERN = /^gid:\/\/gitlab\/([A-Za-z:]+)\/(\d+)$/;
const DISCUSSION_PATTERN = /^gid:\/\/gitlab\/Discussion\/([0-9a-f]{40})$/;

/** A decoded global ID. */
export interface GlobalId {
  model: string;
  id: number;
}

/** `gid://gitlab/<model>/<id>`. */
export function toGlobalId(model: string, id: number | string): string {
  return `${GID_PREFIX}${model}/${id}`;
}

/** Decodes a global ID, or returns null when `value` is not one (or names no possible row). */
export function parseGlobalId(value: string): GlobalId | null {
  const match = GID_PATTERN.exec(value);
  if (!match) return null;
  const id = Number(match[2]);
  return id >= 1 && id <= MAX_ID ? { model: match[1]!, id } : null;
}

/** The models each ID scalar accepts (GitLab's `Types::GlobalIDType[...]`). */
export const ID_SCALAR_MODELS = {
  UserID: ['User'],
  ProjectID: ['Project'],
  GroupID: ['Group'],
  NamespaceID: ['Namespace', 'Group', 'Namespaces::UserNamespace', 'Namespaces::ProjectNamespace'],
  WorkItemID: ['WorkItem', 'Issue'],
  IssueID: ['Issue', 'WorkItem'],
  IssuableID: ['Issue', 'WorkItem'],
  NoteID: ['Note', 'DiscussionNote', 'DiffNote'],
  NoteableID: ['Issue', 'WorkItem'],
  AwardableID: ['Issue', 'WorkItem', 'Note'],
  LabelID: ['Label', 'ProjectLabel', 'GroupLabel'],
  MilestoneID: ['Milestone'],
  CustomEmojiID: ['CustomEmoji'],
  WorkItemsTypeID: ['WorkItems::Type'],
  WorkItemsRelatedWorkItemLinkID: ['WorkItems::RelatedWorkItemLink'],
  AiModelID: ['Issue', 'WorkItem', 'Note', 'Project', 'Group'],
  TodoID: ['Todo'],
  IterationID: ['Iteration'],
  IterationsCadenceID: ['Iterations::Cadence'],
  MergeRequestID: ['MergeRequest'],
  DesignManagementDesignID: ['DesignManagement::Design'],
  DesignManagementVersionID: ['DesignManagement::Version'],
} as const;

function invalid(value: unknown): GraphQLError {
  return new GraphQLError(`${JSON.stringify(value)} is not a valid Global ID`);
}

function idScalar(name: keyof typeof ID_SCALAR_MODELS): GraphQLScalarType<GlobalId, string> {
  const models: readonly string[] = ID_SCALAR_MODELS[name];
  const parse = (value: unknown): GlobalId => {
    if (typeof value !== 'string') throw invalid(value);
    const gid = parseGlobalId(value);
    if (!gid) throw invalid(value);
    if (!models.includes(gid.model))
      throw new GraphQLError(`${JSON.stringify(value)} does not represent an instance of ${models[0]}`);
    return gid;
  };
  return new GraphQLScalarType<GlobalId, string>({
    name,
    serialize: (value) =>
      typeof value === 'string' ? value : toGlobalId((value as GlobalId).model, (value as GlobalId).id),
    parseValue: parse,
    parseLiteral: (ast) => {
      if (ast.kind !== Kind.STRING) throw invalid(ast.kind);
      return parse(ast.value);
    },
  });
}

/** `DiscussionID`: `gid://gitlab/Discussion/<40 hex>`, kept as the hex string. */
const discussionId = new GraphQLScalarType<string, string>({
  name: 'DiscussionID',
  serialize: (value) => String(value),
  parseValue: (value) => {
    if (typeof value !== 'string' || !DISCUSSION_PATTERN.test(value)) throw invalid(value);
    return value;
  },
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING || !DISCUSSION_PATTERN.test(ast.value)) throw invalid(ast.kind);
    return ast.value;
  },
});

/** `Time`: ISO 8601 out, ISO 8601 in. */
const time = new GraphQLScalarType<Date, string>({
  name: 'Time',
  serialize: (value) => (value instanceof Date ? value : new Date(value as string)).toISOString(),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (typeof value !== 'string' || Number.isNaN(date.getTime())) throw new GraphQLError(`Invalid time ${value}`);
    return date;
  },
});

/** `Date`: `YYYY-MM-DD`. */
const date = new GraphQLScalarType<string, string>({
  name: 'Date',
  serialize: (value) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value)),
  parseValue: (value) => {
    if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)))
      throw new GraphQLError(`Invalid date ${JSON.stringify(value)}`);
    return value;
  },
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING || !/^\d{4}-\d{2}-\d{2}$/.test(ast.value)) throw new GraphQLError('Invalid date');
    return ast.value;
  },
});

/** Every custom scalar of the schema, by name. */
export const scalars: Record<string, GraphQLScalarType> = {
  Time: time,
  Date: date,
  DiscussionID: discussionId,
  ...Object.fromEntries(
    (Object.keys(ID_SCALAR_MODELS) as (keyof typeof ID_SCALAR_MODELS)[]).map((name) => [name, idScalar(name)]),
  ),
};
