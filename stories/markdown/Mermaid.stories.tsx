import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Markdown, renderMarkdown, type RenderGfmOptions } from '../../src/markdown';
import {
  MERMAID_DISPLAY_LABEL,
  MERMAID_FRAME_TITLE,
  MERMAID_WARNING_MESSAGE,
} from '../../src/markdown/pipeline/enhancers/mermaid';
import { STORY_SANDBOX_URL } from './referenceDocument';

const fence = (code: string) => '```mermaid\n' + code + '\n```';

const FLOWCHART = fence(
  [
    'graph LR;',
    '  push[Push to branch] --> pipeline{Pipeline passes?};',
    '  pipeline -- yes --> review[Code review];',
    '  pipeline -- no --> fix[Fix the build];',
    '  fix --> push;',
    '  review --> merge[Merge];',
  ].join('\n'),
);

const SEQUENCE = fence(
  [
    'sequenceDiagram',
    '  participant Dev as Developer',
    '  participant CI',
    '  Dev->>CI: Push commit',
    '  CI-->>Dev: Pipeline passed',
    '  Dev->>CI: Merge',
  ].join('\n'),
);

/**
 * Over 2000 characters (a small diagram under a long generated comment): held back behind the
 * warning. Comments (`%%`) count: the limit is on the source's length.
 */
const HEAVY = fence(
  [
    ...Array.from(
      { length: 24 },
      (_, i) => `%% Release train ${i + 1}: generated from the milestone, merge requests and deploy log.`,
    ),
    'graph LR;',
    '  tag[Tag release] --> build[Build packages] --> staging[Deploy to staging];',
    '  staging --> qa{QA sign-off?};',
    '  qa -- yes --> production[Deploy to production];',
    '  qa -- no --> build;',
  ].join('\n'),
);

const IN_DETAILS = [
  'The diagram below renders when its section is first opened.',
  '',
  '<details>',
  '<summary>Deployment flow</summary>',
  '',
  fence('graph LR;\n  build[Build] --> staging[Staging] --> production[Production];'),
  '',
  '</details>',
].join('\n');

/** A single diagram, as `renderMarkdown` writes it (editable in the Playground). */
const PLAYGROUND_HTML =
  '<pre class="js-render-mermaid" data-lang="mermaid"><code>graph TD;\n  A[Issue] --&gt; B[Merge request];\n' +
  '  B --&gt; C[Release];\n</code></pre>';

/** Waits until every diagram's frame has reported its height (its `.fk-mermaid` turns `rendered`). */
async function diagramsRendered(canvasElement: HTMLElement, count: number) {
  const canvas = within(canvasElement);
  await waitFor(() => expect(canvas.getAllByTitle(MERMAID_FRAME_TITLE)).toHaveLength(count), { timeout: 10_000 });
  await waitFor(
    () => {
      for (const diagram of canvasElement.querySelectorAll('.fk-mermaid')) {
        expect(diagram).toHaveAttribute('data-state', 'rendered');
      }
    },
    { timeout: 10_000 },
  );
}

function withSandbox(options: RenderGfmOptions | undefined): RenderGfmOptions {
  return { ...options, mermaid: { sandboxUrl: STORY_SANDBOX_URL, ...options?.mermaid } };
}

const meta = {
  title: 'Markdown/Mermaid',
  component: Markdown,
  args: { html: '' },
  loaders: [async () => ({ html: await renderMarkdown(`${FLOWCHART}\n\n${SEQUENCE}`) })],
  render: (args, { loaded }) => (
    <Markdown {...args} html={(loaded.html as string | undefined) ?? args.html} options={withSandbox(args.options)} />
  ),
  parameters: {
    // Each diagram is a sandboxed cross-origin frame axe cannot enter (it would wait for an answer
    // from inside). Checked here: the page around it, the frame's title and the warning.
    a11y: { options: { iframes: false } },
    docs: {
      description: {
        component: [
          'Mermaid diagrams in rendered Markdown (spec sections 2, 4, 5, 8 and 9). Each ```` ```mermaid ```` block',
          'is drawn by the **sandbox page** (`{root}/-/sandbox/mermaid`, exported as `forgekit/markdown/sandbox`) inside',
          '`<iframe sandbox="allow-scripts allow-popups">` with no same-origin permission: the diagram source is',
          'attacker-controlled, and the frame cannot reach the page, its cookies or its storage. The page never loads',
          'Mermaid itself. The frame is titled "Mermaid diagram" for screen readers; the original source stays in the',
          'DOM, visually hidden, so it is read out and copied with the text around it.',
          '',
          '- The page posts the source to the frame; the frame answers with its rendered height. Only messages from',
          "  that frame with origin `'null'` count; the frame becomes that height plus 10 px.",
          '- **Heavy diagrams** show "Warning: Displaying this diagram might cause performance issues on this page."',
          '  with a **Display** button instead of rendering: a source over 2000 characters, diagrams earlier in the',
          '  same batch adding up to over 2000 characters, 50 or more diagrams already on the page, or more than 30',
          '  ampersands. Wiki pages (show, edit, create), the project page and the file view have no limits;',
          '  the search results page leaves diagrams as code.',
          '- A diagram in a closed `<details>` renders when the section is first opened.',
          '- Dark mode follows the colour mode around the diagram (`MermaidOptions.darkMode` overrides it).',
          '',
          "Keyboard: Tab reaches the warning's Display button; after it is pressed, focus moves to the new frame.",
        ].join('\n'),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await diagramsRendered(canvasElement, 2);
  },
} satisfies Meta<typeof Markdown>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A flowchart and a sequence diagram, each in its own sandboxed frame, sized to its content. */
export const Default: Story = {};

/** Edit the HTML (a `pre.js-render-mermaid`) and the pipeline options (`mermaid`, `page`). */
export const Playground: Story = {
  // Story loaders run after the file's: this one clears its HTML so the `html` arg shows.
  loaders: [async () => ({ html: undefined })],
  args: { html: PLAYGROUND_HTML, options: { page: 'projects:issues:show', mermaid: { darkMode: undefined } } },
  play: async ({ canvasElement }) => {
    await diagramsRendered(canvasElement, 1);
  },
};

/** A flowchart alone. */
export const Flowchart: Story = {
  loaders: [async () => ({ html: await renderMarkdown(FLOWCHART) })],
  play: async ({ canvasElement }) => {
    await diagramsRendered(canvasElement, 1);
  },
};

/** A sequence diagram alone. */
export const SequenceDiagram: Story = {
  loaders: [async () => ({ html: await renderMarkdown(SEQUENCE) })],
  play: async ({ canvasElement }) => {
    await diagramsRendered(canvasElement, 1);
  },
};

/**
 * Spec 5 and 8: a source over 2000 characters is not rendered automatically. The warning sits
 * above the source, which stays readable as code.
 */
export const HeavyDiagramWarning: Story = {
  loaders: [async () => ({ html: await renderMarkdown(HEAVY) })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(MERMAID_WARNING_MESSAGE)).toBeVisible();
    await expect(canvas.getByRole('button', { name: MERMAID_DISPLAY_LABEL })).toBeVisible();
    await expect(canvas.queryByTitle(MERMAID_FRAME_TITLE)).not.toBeInTheDocument();
  },
};

/** Spec 4: pressing Display removes the warning and renders the diagram; focus moves to its frame. */
export const HeavyDiagramDisplayed: Story = {
  loaders: [async () => ({ html: await renderMarkdown(HEAVY) })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: MERMAID_DISPLAY_LABEL }));
    await diagramsRendered(canvasElement, 1);
    await expect(canvas.queryByText(MERMAID_WARNING_MESSAGE)).not.toBeInTheDocument();
    await expect(canvas.getByTitle(MERMAID_FRAME_TITLE)).toHaveFocus();
  },
};

/** Spec 2: on the listed pages (here a project wiki page) heavy diagrams render without the warning. */
export const HeavyDiagramOnWikiPage: Story = {
  loaders: [async () => ({ html: await renderMarkdown(HEAVY) })],
  args: { options: { page: 'projects:wikis:show' } },
  play: async ({ canvasElement }) => {
    await diagramsRendered(canvasElement, 1);
  },
};

/** Spec 4: a diagram in a closed `<details>` renders when the section is first opened. */
export const InClosedDetails: Story = {
  loaders: [async () => ({ html: await renderMarkdown(IN_DETAILS) })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByTitle(MERMAID_FRAME_TITLE)).not.toBeInTheDocument();
    await userEvent.click(await canvas.findByText('Deployment flow'));
    await diagramsRendered(canvasElement, 1);
  },
};

/** A source Mermaid cannot parse: the error is shown inside the frame. */
export const RenderError: Story = {
  loaders: [async () => ({ html: await renderMarkdown(fence('graph TD;\n  A -->')) })],
  play: async ({ canvasElement }) => {
    await diagramsRendered(canvasElement, 1);
  },
};

/** Spec 2: on the search results page diagrams stay code (a result may hold a cut-off diagram). */
export const SearchResultsPage: Story = {
  args: { options: { page: 'search:show' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvasElement.querySelector('pre.js-render-mermaid')).toBeInTheDocument());
    await expect(canvas.getByText(/Push to branch/)).toBeVisible();
    await expect(canvas.queryByTitle(MERMAID_FRAME_TITLE)).not.toBeInTheDocument();
  },
};
