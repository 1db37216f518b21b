/**
 * `/{project}/-/refs/{ref}/logs_tree/{dir}`: the last commit of each entry of a directory, from
 * one walk of its history, with the permissions of the repository API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRepositoryFixture, type RepositoryFixture } from '../helpers/repositoryFixture.ts';

let fixture: RepositoryFixture;
let touchesA = '';
let touchesB = '';
let touchesNested = '';

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

  it('answers 404 for an unknown ref or directory, and to who may not read the code', async () => {
    expect((await logsTree('nope/logs_tree/src', fixture.tokens.rita)).status).toBe(404);
    expect((await logsTree('main/logs_tree/missing', fixture.tokens.rita)).status).toBe(404);
    expect((await logsTree('main/logs_tree/src')).status).toBe(404);
    expect((await logsTree('main', fixture.tokens.rita)).status).toBe(404);
  });
});
