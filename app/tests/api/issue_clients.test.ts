/**
 * GitLab's own clients against the issue tracker (GITLAB-API.md §1.2-1.3): @gitbeaker/rest and
 * python-gitlab create and update issues (labels as a comma string and as a JSON array,
 * `state_event`), comment, award emoji, manage labels and milestones, render Markdown and list
 * todos, reading every response as they do.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Gitlab } from '@gitbeaker/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIssuableFixture, type IssuableFixture } from '../helpers/issuables.ts';

const run = promisify(execFile);
/** Debian's python-gitlab (GITLAB-API.md §1.3). */
const PYTHON = '/usr/bin/python3';

let f: IssuableFixture;

beforeAll(async () => {
  f = await startIssuableFixture();
});
afterAll(() => f.server.close());

describe('gitbeaker', () => {
  it('creates, closes and comments on an issue, awards emoji, labels, milestones, Markdown and todos', async () => {
    const gitlab = new Gitlab({ host: f.server.url, token: f.tokens.rita });
    const projectId = f.publicProject.id;
    await gitlab.ProjectLabels.create(projectId, 'bug', '#FF0000');
    await gitlab.GroupLabels.create(f.groupId, 'org', '#00FF00');
    const milestone = await gitlab.ProjectMilestones.create(projectId, 'v1');
    const issue = await gitlab.Issues.create(projectId, 'Smoke issue', {
      description: 'hello @maude',
      labels: 'bug,ui',
      milestoneId: milestone.id as number,
    });
    expect(issue).toMatchObject({ iid: 1, labels: ['bug', 'ui'], milestone: { title: 'v1' } });
    const closed = await gitlab.Issues.edit(projectId, 1, { stateEvent: 'close' });
    expect(closed.state).toBe('closed');
    await gitlab.IssueNotes.create(projectId, 1, 'a note');
    const notes = await gitlab.IssueNotes.all(projectId, 1, { perPage: 1, maxPages: 5 });
    expect(notes.map((note) => note.body)).toEqual(['a note', 'closed']);
    await gitlab.IssueAwardEmojis.award(projectId, 1, 'thumbsup');
    expect((await gitlab.IssueAwardEmojis.all(projectId, 1)).map((award) => award.name)).toEqual(['thumbsup']);
    const labels = await gitlab.ProjectLabels.all(projectId);
    expect(labels.map((label) => label.name)).toEqual(['bug', 'org', 'ui']);
    const html = await gitlab.Markdown.render('**hi** #1', { gfm: 'true', project: 'acme/site' });
    expect(html.html).toContain('<strong>hi</strong>');
    expect(html.html).toContain('href="/acme/site/-/issues/1"');
    const todos = await new Gitlab({ host: f.server.url, token: f.tokens.maude }).TodoLists.all();
    expect(todos.map((todo) => todo.action_name)).toEqual(['mentioned']);
    // Only the project's owner deletes issues: a Reporter gets GitLab's 403.
    await expect(gitlab.Issues.remove(projectId, 1)).rejects.toThrow('403 Forbidden');
  });
});

describe('python-gitlab', () => {
  it('creates with labels as a JSON array, updates with changed fields only, comments, awards and renders', async () => {
    const script = String.raw`
import json, os, gitlab
gl = gitlab.Gitlab(os.environ['URL'], private_token=os.environ['TOKEN'])
project = gl.projects.get(int(os.environ['PROJECT']))
issue = project.issues.create({'title': 'Py issue', 'description': 'hello', 'labels': ['py', 'ui']})
issue.state_event = 'close'
issue.title = 'changed'
issue.save()
issue.notes.create({'body': 'from python'})
issue.awardemojis.create({'name': 'tada'})
project.labels.create({'name': 'python', 'color': '#123456'})
label = project.labels.get('python')
again = project.issues.get(issue.iid)
issues = project.issues.list(state='closed', get_all=True)
print(json.dumps({
  'iid': issue.iid, 'state': again.state, 'title': again.title, 'labels': again.labels,
  'notes': [n.body for n in again.notes.list(sort='asc', get_all=True)],
  'awards': [a.name for a in again.awardemojis.list(get_all=True)],
  'label': [label.name, label.text_color],
  'closed': [i.title for i in issues],
  'html': gl.markdown('**hi**', gfm=True, project='acme/site'),
  'todos': len(gl.todos.list(get_all=True)),
}))
`;
    const { stdout } = await run(PYTHON, ['-c', script], {
      env: { ...process.env, URL: f.server.url, TOKEN: f.tokens.rita, PROJECT: String(f.publicProject.id) },
    });
    expect(JSON.parse(stdout)).toEqual({
      iid: expect.any(Number),
      state: 'closed',
      title: 'changed',
      labels: ['py', 'ui'],
      notes: ['changed title from **Py issue** to **changed**', 'closed', 'from python'],
      awards: ['tada'],
      label: ['python', '#FFFFFF'],
      closed: expect.arrayContaining(['changed']),
      html: '<p><strong>hi</strong></p>\n',
      todos: 0,
    });
  });
});
