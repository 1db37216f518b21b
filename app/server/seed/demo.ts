/**
 * The demo seed (`FORGEKIT_SEED=demo` or `npm run app -- --seed demo`): people, groups with
 * subgroups and custom emoji, projects with real git repositories (branches, tags, rich READMEs,
 * a `.gitlab-ci.yml`, one history of more than a thousand commits written with `git fast-import`),
 * labels, milestones, issues and work items of every type with parents, children and links, one
 * issue with 500 notes and award emoji, merge requests between real branches, pipelines with jobs,
 * releases with links and an active broadcast message; then the work item widgets' values
 * (`demoWorkItems.ts`, a step of its own).
 *
 * Everything a resource module owns is written through its REST route (`app.inject`, with a
 * short-lived token per person), so iids, rendered `*_html` caches, repositories, diffs and jobs
 * are exactly what the API would make. Domain functions write what has no REST route here
 * (accounts, tokens, custom emoji, work item hierarchy and links, the broadcast message).
 * Deterministic: one seeded generator and fixed dates. Idempotent: a finished run is recorded in
 * `seed_runs` (migration 040) and a second run does nothing; a run stopped before that refuses to
 * start again over its partial data (`DEMO_SEED_INTERRUPTED`) instead of failing on a duplicate.
 */
import type { FastifyInstance } from 'fastify';
import type { CreatedAt, DbOrTx } from '../db/schema.ts';
import { ACCESS_LEVEL } from '../domain/access.ts';
import { createCustomEmoji } from '../domain/customEmoji.ts';
import { createBroadcastMessage } from '../domain/dismissals.ts';
import { hashPassword } from '../domain/passwords.ts';
import { createPersonalAccessToken } from '../domain/tokens.ts';
import { createUser, findUser } from '../domain/users.ts';
import { addLinks, setParent, type LinkType } from '../domain/workItems.ts';
import { API_PREFIX } from '../http/server.ts';
import {
  DEMO_CI_CONFIG,
  DEMO_GROUP_LABELS,
  DEMO_GROUPS,
  DEMO_PROJECT_LABELS,
  DEMO_PROJECTS,
  DEMO_USERS,
  ISSUE_OBJECTS,
  ISSUE_VERBS,
  demoReadme,
  type DemoProject,
} from './demoData.ts';
import { createRandom, type Random } from './demoRandom.ts';
import { seedDemoWorkItems } from './demoWorkItems.ts';
import { ROOT_USERNAME } from './root.ts';

/** The seed's name for `--seed` / `FORGEKIT_SEED`. */
export const DEMO_SEED = 'demo';
/** Recorded in `seed_runs` when a full demo seed starts; `DEMO_SEED` follows when it finishes. */
export const DEMO_SEED_STARTED = 'demo:started';
/**
 * Why a start refuses to seed: an earlier first start was stopped mid-seed. The seed writes through
 * the REST routes (many transactions), so its partial rows cannot be told apart from a user's and
 * are not removed; running it again over them would fail on the first existing account.
 */
export const DEMO_SEED_INTERRUPTED =
  'The demo seed was interrupted during an earlier start, so this database holds only part of the demo data and the seed cannot resume. Start with an empty database: a new FORGEKIT_DATA_DIR, or a new DATABASE_URL database.';
/** The password of every demo account (they are demo accounts: sign in and look around). */
export const DEMO_PASSWORD = 'forgekit-demo';
/** The generator's seed: change it and the whole instance changes. */
export const DEMO_RANDOM_SEED = 20_261_125;
/** "Now" for the demo's dates, so that two runs give the same data. */
export const DEMO_EPOCH = new Date('2026-11-02T09:00:00Z');
/** Issues and work items per project (ten projects: 320). */
export const ISSUES_PER_PROJECT = 32;
/** Of which incidents, test cases and tasks (the rest are issues). */
export const WORK_ITEM_MIX = { incident: 3, test_case: 2, task: 5 } as const;
/** Notes on the long discussion. */
export const LONG_DISCUSSION_NOTES = 500;
/** Commits imported into the long-history project. */
export const LONG_HISTORY_COMMITS = 1200;
/** A tag every this many imported commits. */
const HISTORY_TAG_EVERY = 100;
/** Share of issues closed, of confidential issues. */
const CLOSED_SHARE = 0.3;
const CONFIDENTIAL_SHARE = 0.05;
/** Links between work items per project. */
const LINKS_PER_PROJECT = 6;
/** Emoji the crowd awards on the long discussion. */
const AWARDS = ['thumbsup', 'tada', 'heart', 'rocket', 'eyes', 'thumbsdown'];
/** The name of the short-lived tokens the seed calls the API with (removed at the end). */
const SEED_TOKEN_NAME = 'forgekit demo seed';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const SECOND_MS = 1000;
/** People who follow the next person in the list. */
const FOLLOWERS = 6;
/** How long the broadcast message stays active. */
const BROADCAST_DAYS = 3650;

/** The run record of migration 040. */
export interface SeedRunsTable {
  name: string;
  finished_at: CreatedAt;
}

declare module '../db/schema.ts' {
  interface Tables {
    seed_runs: SeedRunsTable;
  }
}

/** What a run did. */
export interface DemoSeedResult {
  /** False when the demo data was already there. */
  seeded: boolean;
  milliseconds: number;
  counts: Record<string, number>;
}

interface Person {
  id: number;
  username: string;
  name: string;
  email: string;
  token: string;
}

interface ProjectInfo {
  id: number;
  path_with_namespace: string;
  default_branch: string;
  spec: DemoProject;
  members: Person[];
}

interface IssueInfo {
  id: number;
  iid: number;
  project_id: number;
  issue_type: 'issue' | 'incident' | 'test_case' | 'task';
  confidential: boolean;
}

/** Seeds the demo data through `app` (built, not necessarily listening). */
export async function seedDemo(app: FastifyInstance): Promise<DemoSeedResult> {
  const started = performance.now();
  const db = app.db;
  if (await demoSeeded(db)) {
    // An instance seeded before the work item widgets existed gets them now (once).
    const counts = await seedDemoWorkItems(db, app.relativeUrlRoot);
    return { seeded: Object.keys(counts).length > 0, milliseconds: performance.now() - started, counts };
  }
  const begun = await db
    .selectFrom('seed_runs')
    .select('name')
    .where('name', '=', DEMO_SEED_STARTED)
    .executeTakeFirst();
  if (begun) throw new Error(DEMO_SEED_INTERRUPTED);
  await db.insertInto('seed_runs').values({ name: DEMO_SEED_STARTED }).execute();

  const random = createRandom(DEMO_RANDOM_SEED);
  const counts: Record<string, number> = {};
  const count = (what: string, n = 1) => (counts[what] = (counts[what] ?? 0) + n);

  const api = async <T>(person: Person, method: string, path: string, payload?: object): Promise<T> => {
    const response = await app.inject({
      method: method as 'GET',
      url: `${app.relativeUrlRoot}${API_PREFIX}${path}`,
      headers: { 'private-token': person.token },
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode >= 300 && response.statusCode !== 304)
      throw new Error(`demo seed: ${method} ${path} answered ${response.statusCode}: ${response.body}`);
    return (response.body ? response.json() : null) as T;
  };

  // People: root plus the demo accounts, each with a token for the duration of the seed.
  const rootUser = (await findUser(db, ROOT_USERNAME))!;
  const withToken = async (user: { id: number; username: string; name: string; email: string }) => ({
    ...user,
    token: (await createPersonalAccessToken(db, { userId: user.id, name: SEED_TOKEN_NAME, scopes: ['api'] })).token,
  });
  const root = await withToken(rootUser);
  const people: Person[] = [];
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const spec of DEMO_USERS) {
    const user = await createUser(db, {
      username: spec.username,
      name: spec.name,
      email: `${spec.username}@example.com`,
      bot: spec.bot,
      state: spec.blocked ? 'blocked' : 'active',
    });
    const person = await withToken(user);
    // No REST route edits a profile here: the bio is a plain column. The password is hashed
    // once for everyone (the hash is deliberately slow: 12 hashes cost seconds).
    await db
      .updateTable('users')
      .set({ bio: spec.bio, encrypted_password: passwordHash })
      .where('id', '=', user.id)
      .execute();
    if (spec.status) await api(person, 'PUT', '/user/status', spec.status);
    if (!spec.blocked) people.push(person);
    count('users');
  }
  const humans = people.filter((person) => !DEMO_USERS.find((spec) => spec.username === person.username)?.bot);
  for (let i = 0; i < FOLLOWERS; i += 1) {
    await api(humans[i]!, 'POST', `/users/${humans[(i + 1) % humans.length]!.id}/follow`);
  }

  // Groups, subgroups, members, custom emoji and group labels.
  const groupIds = new Map<string, number>();
  const groupMembers = new Map<string, Person[]>();
  for (const group of DEMO_GROUPS) {
    const created = await api<{ id: number }>(root, 'POST', '/groups', {
      name: group.name,
      path: group.path,
      description: group.description,
      visibility: 'public',
    });
    groupIds.set(group.path, created.id);
    count('groups');
    const members = random.sample(humans, random.between(5, humans.length));
    groupMembers.set(group.path, members);
    for (const [index, member] of members.entries()) {
      const level = index < 2 ? ACCESS_LEVEL.MAINTAINER : index < 5 ? ACCESS_LEVEL.DEVELOPER : ACCESS_LEVEL.REPORTER;
      await api(root, 'POST', `/groups/${created.id}/members`, { user_id: member.id, access_level: level });
    }
    for (const sub of group.subgroups) {
      const subgroup = await api<{ id: number }>(root, 'POST', '/groups', {
        ...sub,
        parent_id: created.id,
        visibility: 'public',
      });
      groupIds.set(`${group.path}/${sub.path}`, subgroup.id);
      groupMembers.set(`${group.path}/${sub.path}`, members);
      count('subgroups');
    }
    for (const emoji of group.emoji) {
      await createCustomEmoji(db, {
        groupId: created.id,
        name: emoji.name,
        url: emojiImage(emoji.glyph),
        creatorId: root.id,
      });
      count('custom emoji');
    }
    for (const label of DEMO_GROUP_LABELS) await api(root, 'POST', `/groups/${created.id}/labels`, label);
    count('labels', DEMO_GROUP_LABELS.length);
  }

  // Projects with their repositories.
  const projects: ProjectInfo[] = [];
  for (const spec of DEMO_PROJECTS) {
    const owner = people.find((person) => person.username === spec.namespace);
    const creator = owner ?? root;
    const namespaceId = groupIds.get(spec.namespace);
    const project = await api<Omit<ProjectInfo, 'spec' | 'members'>>(creator, 'POST', '/projects', {
      name: spec.name,
      path: spec.path,
      description: spec.description,
      topics: [...spec.topics],
      visibility: spec.visibility ?? 'public',
      initialize_with_readme: true,
      ...(namespaceId ? { namespace_id: namespaceId } : {}),
    });
    const topGroup = spec.namespace.split('/')[0]!;
    const members = owner ? [owner] : [root, ...(groupMembers.get(topGroup) ?? [])];
    const info: ProjectInfo = { ...project, spec, members };
    projects.push(info);
    count('projects');
  }
  // Git work is child processes: the projects' repositories are written side by side, each with
  // a generator of its own so that the interleaving changes nothing.
  await Promise.all(
    projects.map((project, index) =>
      seedRepository(project, project.members[0]!, createRandom(DEMO_RANDOM_SEED + index + 1)),
    ),
  );

  async function seedRepository(project: ProjectInfo, author: Person, random: Random) {
    const base = `/projects/${project.id}/repository`;
    const branch = project.default_branch;
    await api(author, 'POST', `${base}/commits`, {
      branch,
      commit_message: 'Add a README, CI configuration and sources',
      actions: [
        { action: 'update', file_path: 'README.md', content: demoReadme(project.spec, project.path_with_namespace) },
        { action: 'create', file_path: '.gitlab-ci.yml', content: DEMO_CI_CONFIG },
        { action: 'create', file_path: 'src/index.ts', content: `export const name = '${project.spec.path}';\n` },
        { action: 'create', file_path: 'docs/guide.md', content: `# ${project.spec.name} guide\n\nStart here.\n` },
      ],
    });
    count('commits');
    if (project.spec.longHistory) await importHistory(project, random);
    for (const [index, feature] of ['feature/dark-mode', 'fix/pagination'].entries()) {
      await api(author, 'POST', `${base}/branches`, { branch: feature, ref: branch });
      await api(author, 'POST', `${base}/commits`, {
        branch: feature,
        commit_message: `${index ? 'Fix' : 'Add'} ${feature.split('/')[1]!.replace('-', ' ')}`,
        actions: [
          { action: 'create', file_path: `src/${feature.split('/')[1]}.ts`, content: `export const enabled = true;\n` },
          {
            action: 'update',
            file_path: 'src/index.ts',
            content: `export const name = '${project.spec.path}';\nexport const revision = ${index + 2};\n`,
          },
        ],
      });
      count('branches');
      count('commits');
    }
    for (const tag of ['v1.0.0-rc.1', 'v1.0.0']) {
      await api(author, 'POST', `${base}/tags`, { tag_name: tag, ref: branch, message: `Release ${tag}` });
      count('tags');
    }
  }

  /** Writes LONG_HISTORY_COMMITS commits on the default branch in one `git fast-import`. */
  async function importHistory(project: ProjectInfo, random: Random) {
    const repository = await app.repositories.open(project.id, project.default_branch);
    const head = (await repository.run(['rev-parse', `refs/heads/${project.default_branch}`])).toString().trim();
    const chunks: string[] = [];
    const data = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`;
    const start = DEMO_EPOCH.getTime() - LONG_HISTORY_COMMITS * HOUR_MS;
    for (let i = 1; i <= LONG_HISTORY_COMMITS; i += 1) {
      const author = random.pick(project.members);
      const when = Math.floor((start + i * HOUR_MS) / SECOND_MS);
      const signature = `${author.name} <${author.email}> ${when} +0000`;
      chunks.push(
        `commit refs/heads/${project.default_branch}\nmark :${i}\nauthor ${signature}\ncommitter ${signature}\n`,
        data(`${random.pick(ISSUE_VERBS)} ${random.pick(ISSUE_OBJECTS)}\n\nChange ${i} of the history.`),
        i === 1 ? `from ${head}\n` : '',
        `M 100644 inline src/modules/module-${i % 40}.ts\n`,
        data(`// revision ${i}\nexport const revision = ${i};`),
      );
      if (i % HISTORY_TAG_EVERY === 0) {
        chunks.push(`tag v0.${i / HISTORY_TAG_EVERY}.0\nfrom :${i}\ntagger ${signature}\n`, data(`Milestone ${i}`));
        count('tags');
      }
    }
    await repository.run(['fast-import', '--quiet'], { input: chunks.join('') });
    count('commits', LONG_HISTORY_COMMITS);
  }

  // Labels and milestones of each project.
  const milestones = new Map<number, { id: number; title: string }[]>();
  for (const project of projects) {
    for (const label of DEMO_PROJECT_LABELS) await api(root, 'POST', `/projects/${project.id}/labels`, label);
    count('labels', DEMO_PROJECT_LABELS.length);
    const list = [];
    for (const [index, title] of ['1.0', '1.1', '2.0'].entries()) {
      const milestone = await api<{ id: number; title: string }>(root, 'POST', `/projects/${project.id}/milestones`, {
        title,
        description: `Everything for **${title}**.`,
        start_date: isoDate(DEMO_EPOCH.getTime() + (index * 30 - 60) * DAY_MS),
        due_date: isoDate(DEMO_EPOCH.getTime() + (index * 30 - 30) * DAY_MS),
      });
      list.push(milestone);
      count('milestones');
    }
    await api(root, 'PUT', `/projects/${project.id}/milestones/${list[0]!.id}`, { state_event: 'close' });
    milestones.set(project.id, list);
  }

  // Issues and work items of every type, with parents, children and links.
  const labelNames = [...DEMO_GROUP_LABELS, ...DEMO_PROJECT_LABELS].map((label) => label.name);
  const issuesByProject = new Map<number, IssueInfo[]>();
  for (const project of projects) {
    const types = [
      ...Array<IssueInfo['issue_type']>(WORK_ITEM_MIX.incident).fill('incident'),
      ...Array<IssueInfo['issue_type']>(WORK_ITEM_MIX.test_case).fill('test_case'),
      ...Array<IssueInfo['issue_type']>(WORK_ITEM_MIX.task).fill('task'),
    ];
    const issueCount = ISSUES_PER_PROJECT - types.length;
    const plan = [...Array<IssueInfo['issue_type']>(issueCount).fill('issue'), ...types];
    const grouped = project.spec.namespace.includes('/') || groupIds.has(project.spec.namespace);
    const issues: IssueInfo[] = [];
    for (const [index, type] of plan.entries()) {
      const author = random.pick(project.members);
      const previous = index > 0 ? ` Related to #${random.between(1, index)}.` : '';
      const mention = random.chance(0.3) ? ` cc @${random.pick(project.members).username}` : '';
      const issue = await api<IssueInfo>(author, 'POST', `/projects/${project.id}/issues`, {
        title: `${random.pick(ISSUE_VERBS)} ${random.pick(ISSUE_OBJECTS)}`,
        description:
          `Steps to reproduce:\n\n1. Open the page\n2. Look closely\n\n- [x] Reproduced\n- [ ] Fixed\n\n` +
          `Expected: it works. :sweat_smile:${previous}${mention}`,
        issue_type: type,
        labels: random.sample(grouped ? labelNames : DEMO_PROJECT_LABELS.map((l) => l.name), random.int(3)).join(','),
        assignee_ids: random.sample(project.members, random.int(3)).map((member) => member.id),
        milestone_id: random.chance(0.6) ? random.pick(milestones.get(project.id)!).id : undefined,
        confidential: random.chance(CONFIDENTIAL_SHARE),
        due_date: random.chance(0.3) ? isoDate(DEMO_EPOCH.getTime() + random.between(-20, 60) * DAY_MS) : undefined,
        created_at: new Date(DEMO_EPOCH.getTime() - (plan.length - index) * DAY_MS).toISOString(),
      });
      issues.push(issue);
      count(`work items (${type})`);
      if (random.chance(CLOSED_SHARE))
        await api(author, 'PUT', `/projects/${project.id}/issues/${issue.iid}`, { state_event: 'close' });
    }
    const parents = issues.filter((issue) => issue.issue_type === 'issue' && !issue.confidential);
    for (const task of issues.filter((issue) => issue.issue_type === 'task' && !issue.confidential)) {
      await setParent(db, task, random.pick(parents));
      count('parent links');
    }
    const linkTypes: LinkType[] = ['relates_to', 'blocks', 'is_blocked_by'];
    for (let i = 0; i < LINKS_PER_PROJECT; i += 1) {
      const [source, target] = random.sample(issues, 2);
      count('related links', (await addLinks(db, source!.id, [target!.id], random.pick(linkTypes))).length);
    }
    issuesByProject.set(project.id, issues);
  }

  // The long discussion: 500 notes and award emoji on the first issue of the first project.
  const [first] = projects;
  const longIssue = issuesByProject.get(first!.id)![0]!;
  const notesPath = `/projects/${first!.id}/issues/${longIssue.iid}/notes`;
  for (let i = 1; i <= LONG_DISCUSSION_NOTES; i += 1) {
    const author = random.pick(first!.members);
    const note = await api<{ id: number }>(author, 'POST', notesPath, {
      body:
        i % 50 === 0
          ? `Summary of the last 50 comments, @${random.pick(first!.members).username} please check :white_check_mark:`
          : `${random.pick(['Agreed.', 'I tried this on Firefox too.', 'See `main.ts`.', 'Could we add a test?', '+1'])} (${i})`,
      created_at: new Date(DEMO_EPOCH.getTime() - (LONG_DISCUSSION_NOTES - i) * HOUR_MS).toISOString(),
    });
    count('notes');
    if (i % 25 === 0) {
      for (const member of random.sample(first!.members, 3))
        await api(member, 'POST', `${notesPath}/${note.id}/award_emoji`, { name: random.pick(AWARDS) });
      count('award emoji', 3);
    }
  }
  for (const member of first!.members) {
    for (const name of random.sample(AWARDS, random.between(1, 2))) {
      await api(member, 'POST', `/projects/${first!.id}/issues/${longIssue.iid}/award_emoji`, { name });
      count('award emoji');
    }
  }
  for (const project of projects) {
    for (const issue of random.sample(issuesByProject.get(project.id)!, 5)) {
      await api(random.pick(project.members), 'POST', `/projects/${project.id}/issues/${issue.iid}/notes`, {
        body: `Looked into this; see !1 and ~bug.`,
      });
      count('notes');
    }
  }

  // Merge requests between the real branches (git computes each diff), pipelines with jobs and
  // releases with links: per project side by side, each project with its own generator. Their
  // iids and contents are the same on every run; their global ids follow the interleaving.
  const projectRandoms = projects.map((_project, index) =>
    createRandom(DEMO_RANDOM_SEED + projects.length + index + 1),
  );
  await Promise.all(
    projects.map(async (project, index) => {
      const random = projectRandoms[index]!;
      const author = project.members[project.members.length > 1 ? 1 : 0]!;
      for (const [source, title] of [
        ['feature/dark-mode', 'Draft: Add dark mode'],
        ['fix/pagination', 'Fix pagination'],
      ] as const) {
        await api(author, 'POST', `/projects/${project.id}/merge_requests`, {
          source_branch: source,
          target_branch: project.default_branch,
          title,
          description: `Closes #${random.between(1, ISSUES_PER_PROJECT)}.\n\n- [ ] Tests\n- [x] Docs`,
          labels: random
            .sample(
              DEMO_PROJECT_LABELS.map((l) => l.name),
              2,
            )
            .join(','),
          assignee_ids: [author.id],
        });
        count('merge requests');
      }
      for (const ref of [project.default_branch, 'feature/dark-mode']) {
        await api(project.members[0]!, 'POST', `/projects/${project.id}/pipeline?ref=${encodeURIComponent(ref)}`);
        count('pipelines');
      }
      await api(project.members[0]!, 'POST', `/projects/${project.id}/releases`, {
        tag_name: 'v1.0.0',
        name: `${project.spec.name} 1.0`,
        description: `## Highlights\n\n- Dark mode\n- Faster pagination\n\nThanks @${author.username}!`,
        milestones: ['1.0'],
        released_at: new Date(DEMO_EPOCH.getTime() - 7 * DAY_MS).toISOString(),
        assets: {
          links: [
            {
              name: 'Linux binary',
              url: `https://downloads.example.com/${project.spec.path}/1.0/linux.tar.gz`,
              link_type: 'package',
            },
            { name: 'Runbook', url: `https://docs.example.com/${project.spec.path}/runbook`, link_type: 'runbook' },
          ],
        },
      });
      count('releases');
    }),
  );

  await createBroadcastMessage(db, {
    message: 'Welcome to the **Forgekit** demo: every account signs in with the password `forgekit-demo`.',
    startsAt: new Date(DEMO_EPOCH.getTime() - DAY_MS),
    endsAt: new Date(DEMO_EPOCH.getTime() + BROADCAST_DAYS * DAY_MS),
    broadcastType: 'banner',
    dismissable: true,
  });
  count('broadcast messages');

  await db.deleteFrom('personal_access_tokens').where('name', '=', SEED_TOKEN_NAME).execute();
  // Recorded before the work item steps: a server killed during one of them resumes there
  // (each is one transaction) instead of running this step again over its own rows.
  await db.insertInto('seed_runs').values({ name: DEMO_SEED }).execute();

  for (const [what, n] of Object.entries(await seedDemoWorkItems(db, app.relativeUrlRoot))) count(what, n);
  return { seeded: true, milliseconds: performance.now() - started, counts };
}

/** `YYYY-MM-DD` of a time in milliseconds. */
function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A small SVG image of `glyph`, as a data URL (the demo needs no upload storage). */
function emojiImage(glyph: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><text x="16" y="26" font-size="26" text-anchor="middle">${glyph}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** Whether the demo seed has run on `db`. */
export async function demoSeeded(db: DbOrTx): Promise<boolean> {
  return Boolean(await db.selectFrom('seed_runs').select('name').where('name', '=', DEMO_SEED).executeTakeFirst());
}
