import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Markdown, renderMarkdown, type MarkdownReference, type ResolvedReference } from '../../src/markdown';
import {
  REFERENCE_POPOVER_TEXTS,
  type PreviewedReference,
  type ReferencePreview,
} from '../../src/markdown/pipeline/enhancers/references';

/** What the server knows about each reference, by the text written. */
const REFERENCES: Record<string, ResolvedReference & { preview: ReferencePreview }> = {
  '#1024': {
    url: '/gitlab-org/gitlab/-/issues/1024',
    id: 51024,
    state: 'opened',
    title: 'Diff view crashes on files with very long lines',
    preview: {
      title: 'Diff view crashes on files with very long lines',
      reference: 'gitlab-org/gitlab#1024',
      state: 'opened',
    },
  },
  '!512': {
    url: '/gitlab-org/gitlab/-/merge_requests/512',
    id: 70512,
    state: 'merged',
    title: 'Wrap long lines in the diff view',
    preview: { title: 'Wrap long lines in the diff view', reference: 'gitlab-org/gitlab!512', state: 'merged' },
  },
  'gitlab-org&12': {
    url: '/groups/gitlab-org/-/epics/12',
    id: 912,
    state: 'closed',
    title: 'Code review performance',
    preview: {
      title: 'Code review performance',
      reference: 'gitlab-org&12',
      state: 'closed',
      confidential: true,
    },
  },
  '%"Release 16"': {
    url: '/gitlab-org/gitlab/-/milestones/16',
    id: 16,
    title: 'Release 16',
    preview: {
      title: 'Release 16',
      reference: '%"Release 16"',
      state: 'expired',
      startDate: '2023-04-22',
      dueDate: '2023-05-22',
    },
  },
  '[work_item:77]': {
    url: '/gitlab-org/gitlab/-/work_items/77',
    id: 877,
    title: 'Document the diff limits',
    preview: {
      title: 'Document the diff limits',
      reference: 'gitlab-org/gitlab#77',
      state: 'OPEN',
      workItemType: 'Task',
    },
  },
};

async function resolveReferences(refs: MarkdownReference[]): Promise<(ResolvedReference | null)[]> {
  return refs.map((ref) => {
    const found = REFERENCES[ref.text];
    if (!found) return null;
    const { preview: _preview, ...resolved } = found;
    return resolved;
  });
}

const TEXT = [
  'The crash in #1024 is fixed by !512 (part of gitlab-org&12).',
  '',
  'Shipped in %"Release 16"; the docs follow in [work_item:77].',
].join('\n');

const fetchReference = async (reference: PreviewedReference) => REFERENCES[reference.text ?? '']!.preview;

interface ReferencesDemoProps {
  /** Rendered Markdown (from the loader). */
  html: string;
  /** Pass the `fetchReference` adapter; without it references are plain links. */
  hasAdapter: boolean;
}

/** `<Markdown>` with the references options a page passes. */
function ReferencesDemo({ html, hasAdapter }: ReferencesDemoProps) {
  return (
    <Markdown
      key={String(hasAdapter)}
      html={html}
      options={{ references: { fetchReference: hasAdapter ? fetchReference : undefined } }}
    />
  );
}

/** Hovers a reference link and waits for its preview. */
async function openPreview(context: { canvasElement: HTMLElement }, link: string | RegExp, title: string) {
  await userEvent.hover(await within(context.canvasElement).findByRole('link', { name: link }));
  const dialog = await within(context.canvasElement.ownerDocument.body).findByRole(
    'dialog',
    { name: title },
    { timeout: 10_000 },
  );
  await expect(dialog).toBeVisible();
  return dialog;
}

const meta = {
  title: 'Markdown/ReferencePopovers',
  component: ReferencesDemo,
  args: { html: '', hasAdapter: true },
  argTypes: { html: { control: false } },
  // The server-render story test does not run loaders: the story then renders empty Markdown.
  loaders: [async () => ({ html: await renderMarkdown(TEXT, { resolveReferences }) })],
  render: (args, { loaded }) => <ReferencesDemo {...args} html={(loaded as { html?: string }).html ?? ''} />,
  parameters: {
    docs: {
      description: {
        component:
          'Preview popovers for issue, work item, merge request, epic and milestone references in rendered Markdown ' +
          '(`a.gfm[data-reference-type=...]`), by the `referencesEnhancer` of `renderGfm` / `<Markdown>` (spec ' +
          'section 2: rendered Markdown is post-processed for references to issues, work items, merge requests, ' +
          'epics and milestones).\n\n' +
          'Pass `options.references.fetchReference(reference)`: it gets `{ type, project, iid, url, id, text }` read ' +
          'from the link and returns `{ title, reference, state, dueDate, startDate, confidential, workItemType }`, ' +
          'fetched once per reference per page. The preview shows the state badge (spec section 4: Open for opened, ' +
          'reopened and locked; Closed; Merged; milestones Active, Upcoming, Expired), the type, the title, the full ' +
          "reference and a milestone's dates ('Past due' once the due date has passed); a skeleton while loading " +
          'and a message when the fetch fails. **Without the adapter there is no popover.**\n\n' +
          'Pointer, keyboard and screen-reader behaviour are those of the user popover (see Markdown/Mentions): ' +
          'open 200 ms after the pointer arrives or at once on keyboard focus, close 150 ms after the pointer leaves, ' +
          'Escape closes, the link is described by the preview while it is shown. **Do** keep the link text the ' +
          "reference itself: the preview adds to it, it does not replace it. **Don't** put actions only in the " +
          'preview.',
      },
    },
  },
} satisfies Meta<typeof ReferencesDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No adapter: the references are plain links (closed and merged states written after the link text). */
export const Default: Story = { args: { hasAdapter: false } };

/** Every control; hover a reference for its preview. */
export const Playground: Story = {};

/** An open issue. */
export const IssueOpen: Story = {
  parameters: { visual: { target: 'page' } },
  play: async (context) => {
    const dialog = await openPreview(context, '#1024', 'Diff view crashes on files with very long lines');
    await expect(within(dialog).getByText('Open')).toBeVisible();
    await expect(within(dialog).getByText('gitlab-org/gitlab#1024')).toBeVisible();
  },
};

/** A merged merge request. */
export const MergeRequestMerged: Story = {
  parameters: { visual: { target: 'page' } },
  play: async (context) => {
    const dialog = await openPreview(context, /^!512/, 'Wrap long lines in the diff view');
    await expect(within(dialog).getByText('Merged')).toBeVisible();
  },
};

/** A closed, confidential epic. */
export const Epic: Story = {
  parameters: { visual: { target: 'page' } },
  play: async (context) => {
    const dialog = await openPreview(context, /^gitlab-org&12/, 'Code review performance');
    await expect(within(dialog).getByText('Closed')).toBeVisible();
    await expect(within(dialog).getByRole('img', { name: REFERENCE_POPOVER_TEXTS.confidential })).toBeVisible();
  },
};

/** An expired milestone with its dates and 'Past due'. */
export const Milestone: Story = {
  parameters: { visual: { target: 'page' } },
  play: async (context) => {
    const dialog = await openPreview(context, '%"Release 16"', 'Release 16');
    await expect(within(dialog).getByText('Expired')).toBeVisible();
    await expect(within(dialog).getByText(REFERENCE_POPOVER_TEXTS.pastDue)).toBeVisible();
  },
};

/** A work item: its own type ('Task') instead of 'Work item'. */
export const WorkItem: Story = {
  parameters: { visual: { target: 'page' } },
  play: async (context) => {
    const dialog = await openPreview(context, '[work_item:77]', 'Document the diff limits');
    await expect(within(dialog).getByText('Task')).toBeVisible();
  },
};
