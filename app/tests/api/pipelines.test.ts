/**
 * Pipelines and jobs API contract (GitLab's pipelines.md, jobs.md) against a real server and
 * repositories: pipelines built from .gitlab-ci.yml at a branch or tag (no runner: jobs wait),
 * GitLab's refusals of unusable CI files, list filters, cancel, play, delete, permissions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseYamlSubset } from '../../server/domain/gitCiConfig.ts';
import { startRepositoryFixture, type RepositoryFixture } from '../helpers/repositoryFixture.ts';

let fixture: RepositoryFixture;
let tokens: RepositoryFixture['tokens'];
let projectId = 0;
let publicId = 0;
let head = '';

interface PipelineJson {
  id: number;
  iid: number;
  status: string;
  ref: string;
  sha: string;
  source: string;
  tag: boolean;
  [key: string]: unknown;
}
interface JobJson {
  id: number;
  name: string;
  stage: string;
  status: string;
  allow_failure: boolean;
  tag_list: string[];
  pipeline: { id: number };
  [key: string]: unknown;
}

const CI = `# stages run in order
stages: [build, test, deploy]
.base:
  image: node
compile:
  stage: build
  script:
    - npm ci
  tags: [docker]
unit:
  script: npm test
lint:
  stage: test
  script: |
    npm run lint
ship:
  stage: deploy
  script: ["deploy"]
  when: manual
skipped:
  script: x
  when: never
`;

const api: RepositoryFixture['api'] = (...args) => fixture.api(...args);
const project = (path: string) => `/projects/${projectId}${path}`;

function writeCi(content: string, branch = 'main', action = 'update') {
  return fixture.commit(branch, [{ action, file_path: '.gitlab-ci.yml', content }], { message: 'CI' });
}

beforeAll(async () => {
  fixture = await startRepositoryFixture();
  ({ tokens, projectId, publicId } = fixture);
});
afterAll(() => fixture.server.close());

describe('creating pipelines', () => {
  it('refuses a ref without a CI file, an unknown ref and unusable files with GitLab messages', async () => {
    const run = (ref: string) => api(`${project('/pipeline')}?ref=${ref}`, tokens.olivia, { method: 'POST' });
    expect(await run('main')).toMatchObject({ status: 400, body: { message: { base: ['Missing CI config file'] } } });
    expect(await run('nope')).toMatchObject({ status: 400, body: { message: { base: ['Reference not found'] } } });
    await writeCi('job:\n  stage: nowhere\n  script: x\n', 'main', 'create');
    expect(await run('main')).toMatchObject({
      status: 400,
      body: {
        message: {
          base: ['job job: chosen stage nowhere does not exist; available stages are .pre, build, test, deploy, .post'],
        },
      },
    });
    await writeCi('job:\n  image: node\n');
    expect(await run('main')).toMatchObject({
      status: 400,
      body: { message: { base: ['jobs:job config should implement the script:, run:, or trigger: keyword'] } },
    });
    await writeCi('a: &anchor\n  script: x\n');
    expect(await run('main')).toMatchObject({
      status: 400,
      body: { message: { base: ['(.gitlab-ci.yml): anchors, aliases and tags are not supported at line 1'] } },
    });
    expect((await api(project('/pipeline'), tokens.olivia, { method: 'POST' })).body).toEqual({
      error: 'ref is missing',
    });
  });

  it('creates a pipeline (201): first stage pending, later stages created, manual jobs manual', async () => {
    head = await writeCi(CI);
    const created = await api<PipelineJson>(`${project('/pipeline')}?ref=main`, tokens.olivia, { method: 'POST' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      iid: 1,
      project_id: projectId,
      sha: head,
      ref: 'main',
      status: 'pending',
      source: 'api',
      tag: false,
      before_sha: '0000000000000000000000000000000000000000',
      yaml_errors: null,
      user: { username: 'olivia' },
      started_at: null,
      finished_at: null,
      duration: null,
      coverage: null,
      detailed_status: { icon: 'status_pending', text: 'pending', group: 'pending', has_details: true },
    });
    expect(created.body.web_url).toMatch(new RegExp(`/olivia/app/-/pipelines/${created.body.id}$`));
    expect(created.body.committed_at).toMatch(/^\d{4}-/);
    const jobs = await api<JobJson[]>(project(`/pipelines/${created.body.id}/jobs`), tokens.rita);
    expect(jobs.body.map((j) => [j.name, j.stage, j.status, j.allow_failure])).toEqual([
      ['compile', 'build', 'pending', false],
      ['unit', 'test', 'created', false],
      ['lint', 'test', 'created', false],
      ['ship', 'deploy', 'manual', true],
    ]);
    expect(jobs.body[0]).toMatchObject({
      tag_list: ['docker'],
      ref: 'main',
      commit: { id: head },
      pipeline: { id: created.body.id, status: 'pending' },
      user: { username: 'olivia' },
      artifacts: [],
      runner: null,
    });
    const created2 = await api<JobJson[]>(
      `${project(`/pipelines/${created.body.id}/jobs`)}?scope[]=created`,
      tokens.rita,
    );
    expect(created2.body.map((j) => j.name)).toEqual(['unit', 'lint']);
    const second = await api<PipelineJson>(`${project('/pipeline')}?ref=main`, tokens.olivia, { method: 'POST' });
    expect(second.body).toMatchObject({ iid: 2, before_sha: head });
    const commit = await api<{ last_pipeline: { id: number }; status: string }>(
      project(`/repository/commits/${head}`),
      tokens.rita,
    );
    expect(commit.body).toMatchObject({ last_pipeline: { id: second.body.id }, status: 'pending' });
  });

  it('runs for tags, and only for branches the asker may push to', async () => {
    await api(project('/repository/tags'), tokens.olivia, { method: 'POST', json: { tag_name: 'v1', ref: 'main' } });
    const tag = await api<PipelineJson>(`${project('/pipeline')}?ref=v1`, tokens.dave, { method: 'POST' });
    expect(tag).toMatchObject({ status: 201, body: { ref: 'v1', tag: true } });
    expect(await api(`${project('/pipeline')}?ref=main`, tokens.dave, { method: 'POST' })).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden - You are not allowed to push into this branch' },
    });
    expect((await api(`${project('/pipeline')}?ref=v1`, tokens.rita, { method: 'POST' })).status).toBe(403);
    expect((await api(`${project('/pipeline')}?ref=v1`, undefined, { method: 'POST' })).status).toBe(401);
  });
});

describe('reading pipelines and jobs', () => {
  it('lists pipelines newest first with filters and pagination', async () => {
    const list = await api<PipelineJson[]>(project('/pipelines'), tokens.rita);
    expect(list.body.map((p) => p.iid)).toEqual([3, 2, 1]);
    expect(Object.keys(list.body[0]!).sort()).toEqual(
      ['created_at', 'id', 'iid', 'project_id', 'ref', 'sha', 'source', 'status', 'updated_at', 'web_url'].sort(),
    );
    const iids = async (query: string) =>
      (await api<PipelineJson[]>(`${project('/pipelines')}?${query}`, tokens.rita)).body.map((p) => p.iid);
    expect(await iids('scope=tags')).toEqual([3]);
    expect(await iids('scope=branches&sort=asc')).toEqual([1, 2]);
    expect(await iids('ref=main&per_page=1&page=2')).toEqual([1]);
    expect(await iids('status=success')).toEqual([]);
    expect(await iids('username=dave')).toEqual([3]);
    expect((await api(`${project('/pipelines')}?status=bogus`, tokens.rita)).status).toBe(400);
    const latest = await api<PipelineJson>(project('/pipelines/latest'), tokens.rita);
    expect(latest.body.iid).toBe(2);
  });

  it('lists project jobs, reads one, and 404s unknown ones', async () => {
    const jobs = await api<JobJson[]>(`${project('/jobs')}?scope=manual`, tokens.rita);
    expect(jobs.body.map((j) => j.name)).toEqual(['ship', 'ship', 'ship']);
    const one = await api<JobJson>(project(`/jobs/${jobs.body[0]!.id}`), tokens.rita);
    expect(one.body).toMatchObject({ name: 'ship', status: 'manual' });
    expect(one.body.web_url).toMatch(new RegExp(`/-/jobs/${jobs.body[0]!.id}$`));
    expect((await api(project('/jobs/999999'), tokens.rita)).status).toBe(404);
    expect((await api(project('/pipelines/999999'), tokens.rita)).status).toBe(404);
  });
});

describe('changing pipelines and jobs', () => {
  it('plays a manual job, cancels jobs and pipelines', async () => {
    const [pipeline] = (await api<PipelineJson[]>(`${project('/pipelines')}?ref=main`, tokens.rita)).body;
    const jobs = (await api<JobJson[]>(project(`/pipelines/${pipeline!.id}/jobs`), tokens.rita)).body;
    const ship = jobs.find((j) => j.name === 'ship')!;
    expect((await api(project(`/jobs/${ship.id}/play`), tokens.rita, { method: 'POST' })).status).toBe(403);
    const played = await api<JobJson>(project(`/jobs/${ship.id}/play`), tokens.dave, { method: 'POST' });
    expect(played).toMatchObject({ status: 201, body: { status: 'pending' } });
    expect(await api(project(`/jobs/${ship.id}/play`), tokens.dave, { method: 'POST' })).toMatchObject({
      status: 400,
      body: { message: '400 Bad request - Unplayable Job' },
    });
    const compile = jobs.find((j) => j.name === 'compile')!;
    const canceled = await api<JobJson>(project(`/jobs/${compile.id}/cancel`), tokens.dave, { method: 'POST' });
    expect(canceled.body.status).toBe('canceled');
    expect(await api(project(`/jobs/${compile.id}/cancel`), tokens.dave, { method: 'POST' })).toMatchObject({
      status: 400,
      body: { message: '400 Bad request - Job is not cancelable' },
    });
    const whole = await api<PipelineJson>(project(`/pipelines/${pipeline!.id}/cancel`), tokens.dave, {
      method: 'POST',
    });
    expect(whole.body).toMatchObject({ status: 'canceled' });
    expect(whole.body.finished_at).not.toBeNull();
    const after = await api<JobJson[]>(project(`/pipelines/${pipeline!.id}/jobs`), tokens.rita);
    expect(new Set(after.body.map((j) => j.status))).toEqual(new Set(['canceled']));
  });

  it('lets only Owners delete pipelines', async () => {
    const [pipeline] = (await api<PipelineJson[]>(project('/pipelines'), tokens.rita)).body;
    expect((await api(project(`/pipelines/${pipeline!.id}`), tokens.dave, { method: 'DELETE' })).status).toBe(403);
    expect((await api(project(`/pipelines/${pipeline!.id}`), tokens.olivia, { method: 'DELETE' })).status).toBe(204);
    expect((await api(project(`/pipelines/${pipeline!.id}`), tokens.olivia)).status).toBe(404);
  });
});

describe('who may see', () => {
  it('hides private pipelines from Guests and anonymous users; public ones are open', async () => {
    expect(await api(project('/pipelines'), tokens.gus)).toMatchObject({ status: 403 });
    expect((await api(project('/pipelines'))).status).toBe(404);
    expect((await api(project('/jobs'), tokens.gus)).status).toBe(403);
    expect((await api(`/projects/${publicId}/pipelines`)).status).toBe(200);
  });

  it('hides pipelines when CI is turned off for the project', async () => {
    await api(`/projects/${publicId}`, tokens.olivia, { method: 'PUT', json: { jobs_enabled: false } });
    expect((await api(`/projects/${publicId}/pipelines`, tokens.olivia)).status).toBe(403);
  });
});

describe('the .gitlab-ci.yml subset', () => {
  it('reads mappings, sequences, flow lists, quoted and block scalars, and comments', () => {
    const source = [
      'variables:',
      '  GREETING: "a # not a comment: really"  # a comment',
      "  SINGLE: 'it''s'",
      'test:',
      '  script:',
      '  - echo 1',
      '  - [a, "b, c"]',
      '  rules:',
      '    - if: $CI',
      '      when: always',
      '  notes: >',
      '    folded',
      '    text',
      '  literal: |',
      '    one',
      '      two',
      '  retry: 2',
      '  allow_failure: true',
      '  empty:',
    ].join('\n');
    expect(parseYamlSubset(source)).toEqual({
      variables: { GREETING: 'a # not a comment: really', SINGLE: "it's" },
      test: {
        script: ['echo 1', ['a', 'b, c']],
        rules: [{ if: '$CI', when: 'always' }],
        notes: 'folded text\n',
        literal: 'one\n  two\n',
        retry: 2,
        allow_failure: true,
        empty: null,
      },
    });
  });

  it('refuses what it does not read, with the line', () => {
    expect(() => parseYamlSubset('a:\n\tb: 1')).toThrow(
      '(.gitlab-ci.yml): tabs are not allowed for indentation at line 2',
    );
    expect(() => parseYamlSubset('a: {b: 1}')).toThrow('flow mappings are not supported at line 1');
    expect(() => parseYamlSubset('a: 1\n---\nb: 2')).toThrow('multiple documents are not supported at line 2');
    expect(() => parseYamlSubset('a: *ref')).toThrow('anchors, aliases and tags are not supported');
    expect(() => parseYamlSubset('a: "open')).toThrow('unterminated string at line 1');
  });
});
