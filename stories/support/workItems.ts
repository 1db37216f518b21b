// Demo work items for the hierarchy, linked-items, designs and development stories and tests.
import type { WorkItemChild, WorkItemLinkItem } from '../../src/components/WorkItemChildren';

const assignee = (entityName: string, entityId: number) => ({ entityName, entityId });

/** `count` work items of `type`, numbered from `first`. */
export function demoItems(count: number, first = 1, overrides: Partial<WorkItemLinkItem> = {}): WorkItemLinkItem[] {
  return Array.from({ length: count }, (_, index) => {
    const iid = first + index;
    return {
      id: `gid://gitlab/WorkItem/${iid}`,
      title: `Search result ${iid}`,
      reference: `#${iid}`,
      webUrl: `/demo/project/-/work_items/${iid}`,
      type: 'Task',
      state: 'OPEN',
      ...overrides,
    };
  });
}

/** An issue's tasks and an objective's children: open and closed, labels, assignees, nested. */
export const demoChildren: WorkItemChild[] = [
  {
    id: 'gid://gitlab/WorkItem/101',
    title: 'Design the sign-in form',
    reference: '#101',
    webUrl: '/demo/project/-/work_items/101',
    type: 'Task',
    state: 'OPEN',
    assignees: [assignee('Ada Lovelace', 1), assignee('Grace Hopper', 2)],
    labels: [{ title: 'frontend', color: '#1f75cb' }],
  },
  {
    id: 'gid://gitlab/WorkItem/102',
    title: 'Write the session store',
    reference: '#102',
    webUrl: '/demo/project/-/work_items/102',
    type: 'Task',
    state: 'CLOSED',
    labels: [
      { title: 'backend', color: '#108548' },
      { title: 'priority::high', color: '#dd2b0e' },
    ],
  },
  {
    id: 'gid://gitlab/WorkItem/103',
    title: 'Document the login flow',
    reference: '#103',
    webUrl: '/demo/project/-/work_items/103',
    type: 'Task',
    state: 'OPEN',
    confidential: true,
  },
];

/** An objective's children: key results and a nested objective. */
export const demoObjectiveChildren: WorkItemChild[] = [
  {
    id: 'gid://gitlab/WorkItem/201',
    title: 'Raise sign-in success to 99%',
    reference: '#201',
    type: 'Key Result',
    state: 'OPEN',
    assignees: [assignee('Ada Lovelace', 1)],
  },
  {
    id: 'gid://gitlab/WorkItem/202',
    title: 'Ship passkeys',
    reference: '#202',
    type: 'Objective',
    state: 'OPEN',
    hasChildren: true,
  },
  {
    id: 'gid://gitlab/WorkItem/203',
    title: 'Halve password resets',
    reference: '#203',
    type: 'Key Result',
    state: 'CLOSED',
  },
];

/** The grandchildren under 'Ship passkeys'. */
export const demoGrandchildren: WorkItemChild[] = [
  { id: 'gid://gitlab/WorkItem/301', title: 'Passkeys on web', reference: '#301', type: 'Key Result', state: 'OPEN' },
];

/** Links of every type: two blocking, one blocked by, one related (closed). */
export const demoLinkedItems = [
  {
    linkType: 'BLOCKS' as const,
    workItem: { ...demoChildren[0]!, id: 'gid://gitlab/WorkItem/401', reference: '#401' },
  },
  {
    linkType: 'BLOCKS' as const,
    workItem: {
      id: 'gid://gitlab/WorkItem/402',
      title: 'Rotate signing keys',
      reference: '#402',
      type: 'Issue' as const,
      state: 'OPEN' as const,
    },
  },
  {
    linkType: 'BLOCKED_BY' as const,
    workItem: {
      id: 'gid://gitlab/WorkItem/403',
      title: 'Upgrade the identity provider',
      reference: 'infra/idp#7',
      type: 'Issue' as const,
      state: 'OPEN' as const,
    },
  },
  {
    linkType: 'RELATED' as const,
    workItem: {
      id: 'gid://gitlab/WorkItem/404',
      title: 'Passwordless research',
      reference: '#404',
      type: 'Epic' as const,
      state: 'CLOSED' as const,
    },
  },
];

/** Merge requests in every state, with and without a pipeline, and two branches. */
export const demoMergeRequests = [
  {
    id: 'gid://gitlab/MergeRequest/11',
    title: 'Draft: Passkey sign-in',
    reference: '!11',
    webUrl: '/demo/project/-/merge_requests/11',
    state: 'opened' as const,
    pipelineStatus: 'running' as const,
    pipelinePath: '/demo/project/-/pipelines/90',
    assignees: [{ entityName: 'Ada Lovelace', entityId: 1 }],
  },
  {
    id: 'gid://gitlab/MergeRequest/9',
    title: 'Session store on PostgreSQL',
    reference: '!9',
    webUrl: '/demo/project/-/merge_requests/9',
    state: 'merged' as const,
    pipelineStatus: 'success' as const,
  },
  { id: 'gid://gitlab/MergeRequest/7', title: 'Old sign-in form', reference: '!7', state: 'closed' as const },
];
export const demoBranches = [
  { name: '12-sign-in-with-passkeys', webUrl: '/demo/project/-/tree/12-sign-in-with-passkeys' },
  { name: 'spike/webauthn' },
];

/** A flat-colour SVG standing in for a design's image. */
function designImage(colour: string, label: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="432" height="230"><rect width="432" height="230" fill="${colour}"/><text x="216" y="125" font-family="sans-serif" font-size="28" text-anchor="middle" fill="#fff">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** Three designs: one added and one modified in the shown version. */
export const demoDesigns = [
  {
    id: 'gid://gitlab/DesignManagement::Design/1',
    filename: 'sign-in.png',
    image: designImage('#1f75cb', 'Sign in'),
    webUrl: '/demo/project/-/issues/12/designs/sign-in.png',
    event: 'CREATION' as const,
  },
  {
    id: 'gid://gitlab/DesignManagement::Design/2',
    filename: 'passkey-prompt.png',
    image: designImage('#108548', 'Passkey'),
    webUrl: '/demo/project/-/issues/12/designs/passkey-prompt.png',
    event: 'MODIFICATION' as const,
  },
  {
    id: 'gid://gitlab/DesignManagement::Design/3',
    filename: 'error-state-with-a-very-long-file-name.png',
    image: designImage('#dd2b0e', 'Error'),
    event: 'NONE' as const,
  },
];
