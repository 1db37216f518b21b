/**
 * Design versions and deletion against the real server and database: each upload is a version,
 * `designManagementDelete` another in which the designs are deleted; `designCollection.versions`
 * newest first, `designs(atVersion:)` with each design's event and image at that version (the
 * served file is the version's), a design's `versions`, and who may delete: Developers and above,
 * never a Reporter, a Guest or an anonymous visitor. The fixture's people: maude Maintainer,
 * rita Reporter, gus Guest of `acme`; nina signed in but no member.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESIGN_DELETE_NOT_FOUND } from '../../server/domain/designs.ts';
import { RESOURCE_NOT_AVAILABLE } from '../../server/graphql/resolvers/mutations.ts';
import { startIssuableFixture, type IssuableFixture, type Person } from '../helpers/issuables.ts';

interface GqlResult<T> {
  data?: T;
  errors?: { message: string }[];
}

let fixture: IssuableFixture;
/** Two different one-pixel PNGs. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const OTHER_PNG = Buffer.concat([PIXEL_PNG, Buffer.from([0])]);

beforeAll(async () => {
  fixture = await startIssuableFixture();
});
afterAll(() => fixture.server.close());

async function gql<T>(query: string, variables: object, person?: Person) {
  const response = await fixture.server.request<GqlResult<T>>('/api/graphql', {
    method: 'POST',
    token: person ? fixture.tokens[person] : undefined,
    json: { query, variables },
  });
  return response.body;
}

const UPLOAD = `mutation($input: DesignManagementUploadInput!) { designManagementUpload(input: $input) {
  errors designs { filename event } skippedDesigns { filename } } }`;

/** A multipart GraphQL request (the GraphQL multipart request spec). */
async function upload(iid: number, files: Record<string, Buffer>) {
  const names = Object.keys(files);
  const form = new FormData();
  const input = {
    projectPath: fixture.publicProject.path_with_namespace,
    iid: String(iid),
    files: names.map(() => null),
  };
  form.set('operations', JSON.stringify({ query: UPLOAD, variables: { input } }));
  form.set('map', JSON.stringify(Object.fromEntries(names.map((_, i) => [String(i), [`variables.input.files.${i}`]]))));
  names.forEach((name, i) =>
    form.set(String(i), new Blob([new Uint8Array(files[name]!)], { type: 'image/png' }), name),
  );
  const response = await fetch(`${fixture.server.url}/api/graphql`, {
    method: 'POST',
    headers: { 'private-token': fixture.tokens.maude },
    body: form,
  });
  const result = (await response.json()) as GqlResult<{
    designManagementUpload: { errors: string[]; designs: { filename: string; event: string }[] };
  }>;
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  expect(result.data!.designManagementUpload.errors).toEqual([]);
  return result.data!.designManagementUpload;
}

const DELETE = `mutation($input: DesignManagementDeleteInput!) { designManagementDelete(input: $input) {
  errors version { id sha author { username } designs { nodes { filename event } } } } }`;
type Deleted = GqlResult<{
  designManagementDelete: {
    errors: string[];
    version: { id: string; sha: string; author: { username: string }; designs: { nodes: Design[] } } | null;
  } | null;
}>;
function remove(person: Person | undefined, iid: number, filenames: string[]) {
  const input = { projectPath: fixture.publicProject.path_with_namespace, iid: String(iid), filenames };
  return gql<Deleted['data']>(DELETE, { input }, person) as Promise<Deleted>;
}

interface Design {
  filename: string;
  event: string;
  image: string;
  versions?: { nodes: { id: string }[] };
}
const COLLECTION = `query($id: WorkItemID!, $atVersion: DesignManagementVersionID) { workItem(id: $id) { widgets {
  ... on WorkItemWidgetDesigns { designCollection {
    versions { nodes { id sha createdAt author { username } } }
    designs(atVersion: $atVersion) { nodes { filename event image versions { nodes { id } } } } } } } } }`;
async function collection(issueId: number, atVersion?: string, person: Person = 'nina') {
  const result = await gql<{
    workItem: {
      widgets: {
        designCollection?: {
          versions: { nodes: { id: string; sha: string; author: { username: string } }[] };
          designs: { nodes: Design[] };
        };
      }[];
    };
  }>(COLLECTION, { id: `gid://gitlab/WorkItem/${issueId}`, atVersion }, person);
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  return result.data!.workItem.widgets.find((widget) => widget.designCollection)!.designCollection!;
}

async function served(image: string): Promise<Buffer> {
  const response = await fetch(`${new URL(fixture.server.url).origin}${image}`);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

async function restIssue(title: string) {
  const response = await fixture.api<{ id: number; iid: number }>(
    `/projects/${fixture.publicProject.id}/issues`,
    fixture.tokens.olivia,
    { method: 'POST', json: { title } },
  );
  return response.body;
}

describe('design versions', () => {
  it('keeps every upload and deletion as a version, each showing its designs and files', async () => {
    const issue = await restIssue('Versioned designs');
    expect(await collection(issue.id)).toEqual({ versions: { nodes: [] }, designs: { nodes: [] } });

    const first = await upload(issue.iid, { 'home.png': PIXEL_PNG, 'menu.png': PIXEL_PNG });
    expect(first.designs).toEqual([
      { filename: 'home.png', event: 'CREATION' },
      { filename: 'menu.png', event: 'CREATION' },
    ]);
    const second = await upload(issue.iid, { 'home.png': OTHER_PNG });
    expect(second.designs).toEqual([{ filename: 'home.png', event: 'MODIFICATION' }]);

    const deleted = await remove('maude', issue.iid, ['menu.png']);
    expect(deleted.errors, JSON.stringify(deleted.errors)).toBeUndefined();
    const version = deleted.data!.designManagementDelete!.version!;
    expect(version).toMatchObject({ author: { username: 'maude' }, designs: { nodes: [{ filename: 'home.png' }] } });
    expect(version.sha).toMatch(/^[0-9a-f]{40}$/);

    const latest = await collection(issue.id);
    const [v3, v2, v1] = latest.versions.nodes;
    expect(latest.versions.nodes).toHaveLength(3);
    expect(v3!.id).toBe(version.id);
    expect(latest.versions.nodes.every((node) => node.author.username === 'maude')).toBe(true);
    // The deleted design is gone at the latest version; the other unchanged in it.
    expect(latest.designs.nodes.map(({ filename, event }) => ({ filename, event }))).toEqual([
      { filename: 'home.png', event: 'NONE' },
    ]);
    expect((await served(latest.designs.nodes[0]!.image)).equals(OTHER_PNG)).toBe(true);
    expect(latest.designs.nodes[0]!.versions!.nodes.map((node) => node.id)).toEqual([v2!.id, v1!.id]);

    // The first version still shows both, created in it, with their first files.
    const atFirst = await collection(issue.id, v1!.id);
    expect(atFirst.designs.nodes.map(({ filename, event }) => ({ filename, event }))).toEqual([
      { filename: 'home.png', event: 'CREATION' },
      { filename: 'menu.png', event: 'CREATION' },
    ]);
    expect((await served(atFirst.designs.nodes[0]!.image)).equals(PIXEL_PNG)).toBe(true);
    expect((await served(atFirst.designs.nodes[1]!.image)).equals(PIXEL_PNG)).toBe(true);
    const atSecond = await collection(issue.id, v2!.id);
    expect(atSecond.designs.nodes.map(({ filename, event }) => ({ filename, event }))).toEqual([
      { filename: 'home.png', event: 'MODIFICATION' },
      { filename: 'menu.png', event: 'NONE' },
    ]);

    // Uploaded again, a deleted design is created again.
    const again = await upload(issue.iid, { 'menu.png': OTHER_PNG });
    expect(again.designs).toEqual([{ filename: 'menu.png', event: 'CREATION' }]);
    expect((await collection(issue.id)).designs.nodes.map((node) => node.filename)).toEqual(['home.png', 'menu.png']);
  });

  it('lets only Developers and above delete, and refuses a design the item does not show', async () => {
    const issue = await restIssue('Guarded designs');
    await upload(issue.iid, { 'keep.png': PIXEL_PNG });
    for (const person of ['gus', 'rita', 'nina', undefined] as const) {
      const refused = await remove(person, issue.iid, ['keep.png']);
      expect(refused.errors?.[0]?.message, String(person)).toBe(RESOURCE_NOT_AVAILABLE);
    }
    expect((await collection(issue.id)).designs.nodes.map((node) => node.filename)).toEqual(['keep.png']);
    const unknown = await remove('maude', issue.iid, ['keep.png', 'missing.png']);
    expect(unknown.data!.designManagementDelete).toEqual({ errors: [DESIGN_DELETE_NOT_FOUND], version: null });
    expect((await collection(issue.id)).versions.nodes).toHaveLength(1);
  });
});
