/**
 * `/{project}/-/refs/{ref}/logs_tree/{dir}`: the last commit of each entry of a directory, from
 * one walk of its history, with the permissions of the repository API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGS_TREE_LIMIT, MORE_LOGS_OFFSET_HEADER } from '../../server/web/logs_tree.ts';
import { startRepositoryFixture, type RepositoryFixture } from '../helpers/repositoryFixture.ts';

let fixture: RepositoryFixture;
let touchesA = '';
let touchesB = '';
let touchesNested = '';
let addsMany = '';
let touchesOneOfMany = '';
/** A directory of more entries than one answer covers: one and a bit pages. */
const MANY = LOGS_TREE_LIMIT + 5;
const manyName = (index: number) => `f${String(index).padStart(2, '0')}.txt`;

interface LogsTreeEntry {
  file_name: string;
  type: string;
  commit: { id: string; title: string };
  commit_path: string;
}

const logsTree = (path: string, token?: string) =>
  fixture.server.request<LogsTreeEntry[]>(`/olivia/app/-/refs/${path}`, { token });

beforeAll(async () => {
  fixture = await startRepositoryFixture();
  touchesA = await fixture.commit('main', [{ action: 'create', file_path: 'src/a.ts', content: 'a' }], {
    message: 'Add a',
  });
  touchesB = await fixture.commit('main', [{ action: 'create', file_path: 'src/b.ts', content: 'b' }], {
    message: 'Add b',
  });
  touchesNested = await fixture.commit('main', [{ action: 'create', file_path: 'src/lib/deep/c.ts', content: 'c' }], {
    message: 'Add a nested file',
  });
  addsMany = await fixture.commit(
    'main',
    Array.from({ length: MANY }, (_, index) => ({
      action: 'create',
      file_path: `many/${manyName(index)}`,
      content: '1',
    })),
    { message: 'Add many files' },
  );
  touchesOneOfMany = await fixture.commit(
    'main',
    [{ action: 'update', file_path: `many/${manyName(MANY - 1)}`, content: '2' }],
    { message: 'Change the last of many' },
  );
  // A later commit elsewhere changes nothing in src/.
  await fixture.commit('main', [{ action: 'update', file_path: 'README.md', content: '# App\n' }], {
    message: 'Touch the README',
  });
});
afterAll(() => fixture.server.close());

describe('logs_tree', () => {
  it('gives each entry of a directory the newest commit that touched it', async () => {
    const response = await logsTree('main/logs_tree/src', fixture.tokens.rita);
    expect(response.status).toBe(200);
    const byName = Object.fromEntries(response.body.map((entry) => [entry.file_name, entry]));
    expect(Object.keys(byName).sort()).toEqual(['a.ts', 'b.ts', 'lib']);
    expect(byName['a.ts']!.commit).toMatchObject({ id: touchesA, title: 'Add a' });
    expect(byName['b.ts']!.commit.id).toBe(touchesB);
    expect(byName.lib).toMatchObject({ type: 'tree', commit: { id: touchesNested } });
    expect(byName.lib!.commit_path).toMatch(new RegExp(`/olivia/app/-/commit/${touchesNested}$`));
  });

  it('reads the root and refs by name or sha', async () => {
    const root = await logsTree(`${touchesB}/logs_tree/`, fixture.tokens.rita);
    expect(root.status).toBe(200);
    const byName = Object.fromEntries(root.body.map((entry) => [entry.file_name, entry.commit.id]));
    // At touchesB the nested file does not exist yet, and src/ was last changed by touchesB.
    expect(byName.src).toBe(touchesB);
    expect(byName['README.md']).not.toBe(touchesB);
  });

  it(`gives ${LOGS_TREE_LIMIT} entries from the offset, in the tree's order, and the next offset while more remain`, async () => {
    const first = await logsTree('main/logs_tree/many?format=json', fixture.tokens.rita);
    expect(first.status).toBe(200);
    expect(first.body.map((entry) => entry.file_name)).toEqual(
      Array.from({ length: LOGS_TREE_LIMIT }, (_, index) => manyName(index)),
    );
    expect(first.body.every((entry) => entry.commit.id === addsMany)).toBe(true);
    expect(first.headers.get(MORE_LOGS_OFFSET_HEADER)).toBe(String(LOGS_TREE_LIMIT));

    const rest = await logsTree(`main/logs_tree/many?format=json&offset=${LOGS_TREE_LIMIT}`, fixture.tokens.rita);
    expect(rest.body.map((entry) => entry.file_name)).toEqual(
      Array.from({ length: MANY - LOGS_TREE_LIMIT }, (_, index) => manyName(LOGS_TREE_LIMIT + index)),
    );
    expect(rest.body.at(-1)!.commit).toMatchObject({ id: touchesOneOfMany, title: 'Change the last of many' });
    expect(rest.headers.get(MORE_LOGS_OFFSET_HEADER)).toBeNull();
    // Past the end: nothing, and no next offset.
    const past = await logsTree(`main/logs_tree/many?offset=${MANY}`, fixture.tokens.rita);
    expect(past.body).toEqual([]);
    expect(past.headers.get(MORE_LOGS_OFFSET_HEADER)).toBeNull();
  });

  it('answers 404 for an unknown ref or directory, and to who may not read the code', async () => {
    expect((await logsTree('nope/logs_tree/src', fixture.tokens.rita)).status).toBe(404);
    expect((await logsTree('main/logs_tree/missing', fixture.tokens.rita)).status).toBe(404);
    expect((await logsTree('main/logs_tree/src')).status).toBe(404);
    expect((await logsTree('main', fixture.tokens.rita)).status).toBe(404);
  });
});
