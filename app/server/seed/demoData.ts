/**
 * The demo seed's fixed data: people, groups, projects, labels and the words issues are made of.
 * demo.ts combines them with a seeded generator, so every run builds the same instance.
 */

/** A demo account. */
export interface DemoUser {
  username: string;
  name: string;
  bio: string;
  /** Blocked: cannot sign in, shown as such. */
  blocked?: boolean;
  bot?: boolean;
  /** A status set through `PUT /user/status`. */
  status?: { emoji: string; message: string; availability?: 'busy' | 'not_set' };
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: 'amara',
    name: 'Amara Okafor',
    bio: 'Design systems lead.',
    status: { emoji: 'palm_tree', message: 'Hiking the Pyrenees, back Monday', availability: 'busy' },
  },
  {
    username: 'bjorn',
    name: 'Björn Lindqvist',
    bio: 'Frontend, accessibility.',
    status: { emoji: 'coffee', message: 'Reviewing' },
  },
  { username: 'chen', name: 'Chen Wei', bio: 'Realtime and GraphQL.' },
  { username: 'dolores', name: 'Dolores Ibarra', bio: 'Product manager.' },
  { username: 'emeka', name: 'Emeka Nwosu', bio: 'Git internals enthusiast.' },
  {
    username: 'fatima',
    name: 'Fatima Zahra',
    bio: 'QA and test automation.',
    status: { emoji: 'bug', message: 'Triage week' },
  },
  { username: 'gustavo', name: 'Gustavo Pereira', bio: 'Infrastructure.' },
  { username: 'hana', name: 'Hana Sato', bio: 'Technical writer.' },
  { username: 'ivan', name: 'Ivan Petrov', bio: 'Backend, databases.' },
  { username: 'jules', name: 'Jules Moreau', bio: 'Security.' },
  { username: 'former-contractor', name: 'Former Contractor', bio: 'Left the project.', blocked: true },
  { username: 'release-bot', name: 'Release Bot', bio: 'Tags, changelogs and release notes.', bot: true },
];

/** A top-level group with its subgroups, custom emoji and the members' usernames by role. */
export interface DemoGroup {
  path: string;
  name: string;
  description: string;
  subgroups: readonly { path: string; name: string; description: string }[];
  emoji: readonly { name: string; glyph: string }[];
}

export const DEMO_GROUPS: readonly DemoGroup[] = [
  {
    path: 'forgekit',
    name: 'Forgekit',
    description: 'The design system and the product built on it.',
    subgroups: [
      { path: 'design', name: 'Design', description: 'Tokens, icons and guidelines.' },
      { path: 'platform', name: 'Platform', description: 'The server and its clients.' },
    ],
    emoji: [
      { name: 'forgekit', glyph: '⚒' },
      { name: 'shipit', glyph: '🚢' },
    ],
  },
  {
    path: 'atlas',
    name: 'Atlas',
    description: 'Maps, geodata and routing.',
    subgroups: [{ path: 'tiles', name: 'Tiles', description: 'Vector tile pipeline.' }],
    emoji: [{ name: 'compass', glyph: '🧭' }],
  },
  {
    path: 'nimbus',
    name: 'Nimbus',
    description: 'Weather forecasting for small farms.',
    subgroups: [
      { path: 'models', name: 'Models', description: 'Forecast models.' },
      { path: 'apps', name: 'Apps', description: 'Mobile and web apps.' },
    ],
    emoji: [
      { name: 'raincloud', glyph: '🌧' },
      { name: 'sunny-day', glyph: '🌞' },
    ],
  },
];

/** A demo project; `namespace` is a group full path or a username. */
export interface DemoProject {
  namespace: string;
  name: string;
  path: string;
  description: string;
  topics: readonly string[];
  language: string;
  /** The project whose history has more than a thousand commits. */
  longHistory?: boolean;
  visibility?: 'public' | 'internal' | 'private';
}

export const DEMO_PROJECTS: readonly DemoProject[] = [
  {
    namespace: 'forgekit',
    name: 'Forgekit UI',
    path: 'forgekit-ui',
    description: 'React components, tokens and Markdown for code-hosting products.',
    topics: ['react', 'design-system'],
    language: 'TypeScript',
    longHistory: true,
  },
  {
    namespace: 'forgekit/platform',
    name: 'Forge Server',
    path: 'forge-server',
    description: 'A GitLab-compatible API server.',
    topics: ['api', 'graphql'],
    language: 'TypeScript',
  },
  {
    namespace: 'forgekit/design',
    name: 'Icons',
    path: 'icons',
    description: 'The SVG icon set.',
    topics: ['svg'],
    language: 'SVG',
  },
  {
    namespace: 'atlas',
    name: 'Atlas Router',
    path: 'router',
    description: 'Turn-by-turn routing engine.',
    topics: ['routing', 'rust'],
    language: 'Rust',
  },
  {
    namespace: 'atlas/tiles',
    name: 'Tile Baker',
    path: 'tile-baker',
    description: 'Bakes vector tiles from OpenStreetMap extracts.',
    topics: ['gis'],
    language: 'Go',
  },
  {
    namespace: 'nimbus',
    name: 'Nimbus Docs',
    path: 'docs',
    description: 'Handbook and user documentation.',
    topics: ['docs'],
    language: 'Markdown',
  },
  {
    namespace: 'nimbus/models',
    name: 'Forecast Core',
    path: 'forecast-core',
    description: 'Numerical weather prediction at field scale.',
    topics: ['python', 'science'],
    language: 'Python',
    visibility: 'internal',
  },
  {
    namespace: 'nimbus/apps',
    name: 'Field App',
    path: 'field-app',
    description: 'The mobile app farmers use.',
    topics: ['mobile'],
    language: 'Kotlin',
    visibility: 'private',
  },
  {
    namespace: 'amara',
    name: 'Dotfiles',
    path: 'dotfiles',
    description: 'Shell and editor configuration.',
    topics: ['dotfiles'],
    language: 'Shell',
  },
  {
    namespace: 'chen',
    name: 'Cable Playground',
    path: 'cable-playground',
    description: 'Experiments with ActionCable and GraphQL subscriptions.',
    topics: ['realtime'],
    language: 'TypeScript',
  },
];

/** Group labels (every project of the group sees them). */
export const DEMO_GROUP_LABELS: readonly { name: string; color: string; description: string }[] = [
  { name: 'bug', color: '#D9534F', description: 'Something does not work as documented.' },
  { name: 'feature', color: '#428BCA', description: 'New behaviour.' },
  { name: 'documentation', color: '#5CB85C', description: 'Docs only.' },
  { name: 'priority::high', color: '#FF0000', description: 'Scoped priority: high.' },
  { name: 'priority::low', color: '#F0AD4E', description: 'Scoped priority: low.' },
];

/** Project labels. */
export const DEMO_PROJECT_LABELS: readonly { name: string; color: string; description: string }[] = [
  { name: 'accessibility', color: '#8E44AD', description: 'WCAG and assistive technology.' },
  { name: 'performance', color: '#F1C40F', description: 'Speed and memory.' },
  { name: 'good first issue', color: '#1ABC9C', description: 'Small and well described.' },
  { name: 'needs design', color: '#E67E22', description: 'Waiting for a design.' },
];

/** The words issue titles are made of. */
export const ISSUE_VERBS = ['Fix', 'Add', 'Document', 'Speed up', 'Refactor', 'Test', 'Remove', 'Support'];
export const ISSUE_OBJECTS = [
  'the tooltip delay on touch devices',
  'keyboard navigation in the emoji picker',
  'pagination headers on the issues list',
  'dark mode colours of labels',
  'the Markdown table of contents',
  'retry of failed uploads',
  'time zones in due dates',
  'the release notes generator',
  'mentions of blocked users',
  'diff rendering of renamed files',
  'the avatar fallback colours',
  'search with quotes',
  'the offline banner',
  'ActionCable reconnects after sleep',
  'CSV export of milestones',
  'screen reader labels on icons',
];

/** A rich README.md for `project`. */
export function demoReadme(project: DemoProject, fullPath: string): string {
  return `# ${project.name}

${project.description}

![Pipeline](https://img.shields.io/badge/pipeline-passing-green) · written in **${project.language}**

## Getting started

\`\`\`sh
git clone https://forge.example.com/${fullPath}.git
cd ${project.path}
make setup
\`\`\`

## Features

- [x] Works offline
- [x] Keyboard first :keyboard:
- [ ] Plugins (see #1)

| Topic | Status |
| ----- | ------ |
${project.topics.map((topic) => `| ${topic} | :white_check_mark: |`).join('\n')}

> [!note]
> Questions? Ask in the issue tracker or mention @amara.

## Architecture

\`\`\`mermaid
graph LR
  client --> api --> database
\`\`\`

Maths works too: $E = mc^2$.

## License

MIT
`;
}

/** The CI configuration every demo repository carries. */
export const DEMO_CI_CONFIG = `stages:
  - build
  - test
  - deploy

build:
  stage: build
  script:
    - make build

unit tests:
  stage: test
  script:
    - make test

lint:
  stage: test
  script:
    - make lint

pages:
  stage: deploy
  script:
    - make docs
  when: manual
`;
