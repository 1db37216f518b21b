// A real GraphQL server on loopback for the client's tests: Node's HTTP server executing a small schema
// (GitLab's work item names from tests/fixtures plus a few test fields) with graphql-js `graphql()`.
// It answers single and batched (array) POSTs and GraphQL multipart uploads, records every request, and
// lets a test replace a reply (`respondWith`) or hold the `held` field's resolution.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buildSchema, graphql } from 'graphql';

const fixture = readFileSync(join(import.meta.dirname, '../fixtures/workItemWidgets.graphql'), 'utf8');

const testFields = /* GraphQL */ `
  scalar Upload

  type UploadedFile {
    name: String!
    size: Int!
    text: String!
  }

  extend type Query {
    echo(text: String!): String!
    counter: Int!
    held: String!
  }

  type Mutation {
    upload(file: Upload!, note: String): UploadedFile!
    increment: Int!
    hold: String!
  }
`;

export const schema = buildSchema(`${fixture}\n${testFields}`);

/** What the server saw of one HTTP request. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The JSON body (an object, or an array for a batch); for a multipart request, its parts. */
  body: unknown;
  multipart?: { operations: unknown; map: Record<string, string[]>; fileNames: string[] };
}

/** A reply a test puts in place of executing the request. */
export interface CannedReply {
  status: number;
  body: string;
  contentType?: string;
}

interface Operation {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

export interface TestGraphqlServer {
  /** `http://127.0.0.1:{port}` */
  origin: string;
  requests: RecordedRequest[];
  /** Replaces the replies of the following requests until reset to undefined. */
  respondWith: ((request: RecordedRequest) => CannedReply | undefined) | undefined;
  /** How many times `counter` was resolved. */
  counterCalls: number;
  /** Releases every pending `held` query field and `hold` mutation field with this value. */
  release(value: string): void;
  close(): Promise<void>;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node: Record<string, unknown> = target;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1)!] = value;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Starts the server on a free loopback port. */
export async function startGraphqlServer(): Promise<TestGraphqlServer> {
  let heldWaiters: Array<(value: string) => void> = [];
  const state: Omit<TestGraphqlServer, 'origin' | 'close'> = {
    requests: [],
    respondWith: undefined,
    counterCalls: 0,
    release(value) {
      for (const resolve of heldWaiters) resolve(value);
      heldWaiters = [];
    },
  };

  const rootValue = {
    echo: ({ text }: { text: string }) => text,
    counter: () => ++state.counterCalls,
    held: () => new Promise<string>((resolve) => heldWaiters.push(resolve)),
    hold: () => new Promise<string>((resolve) => heldWaiters.push(resolve)),
    increment: () => ++state.counterCalls,
    upload: async ({ file }: { file: File }) => ({ name: file.name, size: file.size, text: await file.text() }),
    workItem: ({ id }: { id: string }) => ({
      id,
      iid: '7',
      title: 'Widgets',
      state: 'OPEN',
      widgets: [
        {
          __typename: 'WorkItemWidgetAssignees',
          type: 'ASSIGNEES',
          allowsMultipleAssignees: true,
          assignees: { nodes: [] },
        },
        { __typename: 'WorkItemWidgetDescription', type: 'DESCRIPTION', description: 'Text', edited: false },
        {
          __typename: 'WorkItemWidgetStartAndDueDate',
          type: 'START_AND_DUE_DATE',
          startDate: null,
          dueDate: '2026-12-01',
        },
      ],
    }),
  };

  const execute = (operation: Operation) =>
    graphql({
      schema,
      rootValue,
      source: operation.query,
      variableValues: operation.variables,
      operationName: operation.operationName,
    });

  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const recorded: RecordedRequest = { method: req.method!, path: req.url!, headers: req.headers, body: undefined };
    let operations: Operation | Operation[];
    if (req.headers['content-type']?.startsWith('multipart/form-data')) {
      // Node's own multipart parser, through the fetch API's Request.
      const form = await new Request('http://loopback/', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] },
        body: new Uint8Array(raw),
      }).formData();
      operations = JSON.parse(String(form.get('operations'))) as Operation;
      const map = JSON.parse(String(form.get('map'))) as Record<string, string[]>;
      recorded.multipart = { operations: JSON.parse(String(form.get('operations'))), map, fileNames: [] };
      for (const [field, paths] of Object.entries(map)) {
        const file = form.get(field) as File;
        recorded.multipart.fileNames.push(file.name);
        for (const path of paths) setPath(operations as unknown as Record<string, unknown>, path, file);
      }
      recorded.body = recorded.multipart.operations;
    } else {
      operations = JSON.parse(raw.toString('utf8')) as Operation | Operation[];
      recorded.body = operations;
    }
    state.requests.push(recorded);

    const canned = state.respondWith?.(recorded);
    if (canned) {
      res.writeHead(canned.status, { 'content-type': canned.contentType ?? 'application/json' });
      res.end(canned.body);
      return;
    }
    const result = Array.isArray(operations) ? await Promise.all(operations.map(execute)) : await execute(operations);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(result));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        state.release('closed');
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
