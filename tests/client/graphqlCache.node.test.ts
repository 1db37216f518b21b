// The product's cache: spec section 3's identities, merged types and null-reading field, the fragment map
// (generated from an SDL by scripts/generate-possible-types.mjs) matching fragments on interfaces, and
// the persisted client working without IndexedDB (server rendering).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gql, InMemoryCache } from '@apollo/client';
import { buildSchema, introspectionFromSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configurePage, resetPageConfig } from '../../src/client/config';
import {
  MERGED_TYPES,
  createApolloCache,
  createApolloClient,
  createApolloClientWithCaching,
  openPersistedCacheStorage,
  productFragmentMap,
  toPossibleTypes,
} from '../../src/client/graphql';
import { startGraphqlServer, type TestGraphqlServer } from './graphqlServer.support';

const root = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE = 'tests/fixtures/workItemWidgets.graphql';

const FIXTURE_FRAGMENT_MAP = {
  VulnerabilityLocation: [
    'VulnerabilityLocationDependencyScanning',
    'VulnerabilityLocationSast',
    'VulnerabilityLocationSecretDetection',
  ],
  WorkItemWidget: [
    'WorkItemWidgetAssignees',
    'WorkItemWidgetDescription',
    'WorkItemWidgetHierarchy',
    'WorkItemWidgetLabels',
    'WorkItemWidgetLinkedItems',
    'WorkItemWidgetMilestone',
    'WorkItemWidgetNotes',
    'WorkItemWidgetStartAndDueDate',
  ],
};

describe('identities (spec section 3)', () => {
  const cache = createApolloCache();

  it('TreeEntry by webPath', () => {
    expect(cache.identify({ __typename: 'TreeEntry', id: 'gid://1', webPath: '/group/project/-/tree/main/src' })).toBe(
      'TreeEntry:{"webPath":"/group/project/-/tree/main/src"}',
    );
  });

  it.each(['ScanExecutionPolicy', 'ApprovalPolicy'])('%s by name', (typename) => {
    expect(cache.identify({ __typename: typename, id: 'gid://2', name: 'Require review' })).toBe(
      `${typename}:{"name":"Require review"}`,
    );
  });

  it("adds the caller's type policies to the product's", () => {
    const cache = createApolloCache({ typePolicies: { Pipeline: { keyFields: ['iid'] } } });
    expect(cache.identify({ __typename: 'Pipeline', id: 'gid://3', iid: '12' })).toBe('Pipeline:{"iid":"12"}');
    expect(cache.identify({ __typename: 'TreeEntry', webPath: '/a' })).toBe('TreeEntry:{"webPath":"/a"}');
  });

  it('other types by id, as Apollo does', () => {
    expect(cache.identify({ __typename: 'Project', id: 'gid://gitlab/Project/1' })).toBe(
      'Project:gid://gitlab/Project/1',
    );
  });
});

describe('merged rather than replaced (spec section 3)', () => {
  it('lists the spec types', () => {
    expect(MERGED_TYPES).toEqual([
      'Repository',
      'UserPermissions',
      'MergeRequestPermissions',
      'ContainerRepositoryConnection',
      'TimelogConnection',
      'BranchList',
      'InstanceSecurityDashboard',
      'PipelinePermissions',
      'DesignCollection',
      'Dora',
      'GroupValueStreamAnalyticsFlowMetrics',
      'ProjectValueStreamAnalyticsFlowMetrics',
      'ComplianceFrameworkConnection',
    ]);
  });

  it.each(MERGED_TYPES)('%s keeps the fields of an earlier result', (typename) => {
    const cache = createApolloCache();
    const first = gql`
      query First {
        project(fullPath: "g/p") {
          id
          part {
            first
          }
        }
      }
    `;
    const second = gql`
      query Second {
        project(fullPath: "g/p") {
          id
          part {
            second
          }
        }
      }
    `;
    cache.writeQuery({
      query: first,
      data: { project: { __typename: 'Project', id: '1', part: { __typename: typename, first: 1 } } },
    });
    cache.writeQuery({
      query: second,
      data: { project: { __typename: 'Project', id: '1', part: { __typename: typename, second: 2 } } },
    });
    const both = gql`
      query Both {
        project(fullPath: "g/p") {
          id
          part {
            first
            second
          }
        }
      }
    `;
    expect(cache.readQuery<{ project: { part: unknown } }>({ query: both })?.project.part).toEqual({
      __typename: typename,
      first: 1,
      second: 2,
    });
  });
});

describe('aiCompletionResponse (spec section 3)', () => {
  it('reads as null when absent', () => {
    // A subscription root that has seen another event, but none of aiCompletionResponse.
    const other = gql`
      fragment Other on Subscription {
        workItemUpdated
      }
    `;
    const ai = gql`
      fragment Ai on Subscription {
        aiCompletionResponse {
          content
        }
      }
    `;
    const read = (cache: InMemoryCache) => {
      cache.writeFragment({
        id: 'ROOT_SUBSCRIPTION',
        fragment: other,
        data: { __typename: 'Subscription', workItemUpdated: 1 },
      });
      return cache.readFragment({ id: 'ROOT_SUBSCRIPTION', fragment: ai });
    };
    expect(read(createApolloCache())).toEqual({ aiCompletionResponse: null });
    // Without the policy the field is missing, and so is the whole read.
    expect(read(new InMemoryCache())).toBeNull();
  });
});

describe('fragment map', () => {
  it('the generator writes every interface and union of an SDL with its implementing types', () => {
    const output = join(mkdtempSync(join(tmpdir(), 'possible-types-')), 'possibleTypes.json');
    const run = spawnSync(process.execPath, ['scripts/generate-possible-types.mjs', FIXTURE, output], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(readFileSync(output, 'utf8'))).toEqual(FIXTURE_FRAGMENT_MAP);
  });

  it('the committed map holds the work item widgets', () => {
    expect(productFragmentMap.WorkItemWidget).toEqual(expect.arrayContaining(FIXTURE_FRAGMENT_MAP.WorkItemWidget));
  });

  it('toPossibleTypes reads an introspection result as well as a fragment map', () => {
    const introspection = introspectionFromSchema(buildSchema(readFileSync(join(root, FIXTURE), 'utf8')));
    const sorted = (map: Record<string, readonly string[]>) =>
      Object.fromEntries(Object.entries(map).map(([name, types]) => [name, [...types].sort()]));

    expect(sorted(toPossibleTypes(introspection))).toEqual(FIXTURE_FRAGMENT_MAP);
    expect(sorted(toPossibleTypes({ data: introspection }))).toEqual(FIXTURE_FRAGMENT_MAP);
    expect(toPossibleTypes(FIXTURE_FRAGMENT_MAP)).toEqual(FIXTURE_FRAGMENT_MAP);
  });

  describe('against the server', () => {
    let server: TestGraphqlServer;
    beforeAll(async () => {
      server = await startGraphqlServer();
      configurePage({ relativeUrlRoot: '' });
    });
    afterAll(async () => {
      resetPageConfig();
      await server.close();
    });

    const WORK_ITEM = gql`
      fragment WidgetType on WorkItemWidget {
        type
      }
      query WorkItem($id: ID!) {
        workItem(id: $id) {
          id
          widgets {
            ...WidgetType
            ... on WorkItemWidgetAssignees {
              allowsMultipleAssignees
            }
          }
        }
      }
    `;

    it('a fragment on the WorkItemWidget interface matches its implementers in the cache', async () => {
      const client = createApolloClient({ baseUrl: server.origin });
      await client.query({ query: WORK_ITEM, variables: { id: 'gid://gitlab/WorkItem/7' } });

      const cached = client.readQuery<{ workItem: { widgets: Array<Record<string, unknown>> } }>({
        query: WORK_ITEM,
        variables: { id: 'gid://gitlab/WorkItem/7' },
      });
      expect(cached?.workItem.widgets).toEqual([
        { __typename: 'WorkItemWidgetAssignees', type: 'ASSIGNEES', allowsMultipleAssignees: true },
        { __typename: 'WorkItemWidgetDescription', type: 'DESCRIPTION' },
        { __typename: 'WorkItemWidgetStartAndDueDate', type: 'START_AND_DUE_DATE' },
      ]);
    });

    it('the persisted client works without IndexedDB (server rendering)', async () => {
      expect(await openPersistedCacheStorage('page')).toBeUndefined();
      const client = await createApolloClientWithCaching({ baseUrl: server.origin, localCacheKey: 'page' });
      const { data } = await client.query({ query: gql('query Echo { echo(text: "ssr") }') });
      expect(data).toEqual({ echo: 'ssr' });
    });
  });
});
