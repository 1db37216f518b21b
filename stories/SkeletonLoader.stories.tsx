import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SkeletonLoader } from '../src/components/SkeletonLoader';
import { SKELETON_DEFAULT_LINES, SKELETON_WORK_ITEM_LINES } from '../src/tokens';

const meta = {
  title: 'Components/SkeletonLoader',
  component: SkeletonLoader,
  args: { style: { maxWidth: 480 } },
  argTypes: {
    lines: { control: { type: 'number', min: 1 } },
    label: { control: 'text' },
  },
  parameters: {
    docs: {
      description: {
        component:
          'Grey lines that stand in for text while it loads (GitLab UI `GlSkeletonLoader`): ' +
          '**3 lines by default, 4 in work item placeholders** (`SKELETON_DEFAULT_LINES`, ' +
          '`SKELETON_WORK_ITEM_LINES`). The last of several lines is shorter, as the end of a paragraph is ' +
          '(`--fk-skeleton-loader-last-line-width`); `widths` sets each line.\n\n' +
          '**Screen readers:** the loader is a polite `status` region whose only content is its label ' +
          '(default "Loading"); the lines are hidden. Put `aria-busy="true"` on the region being loaded if ' +
          'you keep it in the page. Not focusable.\n\n' +
          '**Motion:** a shimmer sweeps each line once per `--fk-motion-duration-skeleton`; it stops, and the ' +
          'lines turn flat, under `prefers-reduced-motion: reduce` (as in these screenshots). **Do** match ' +
          "the shape of the content that will replace it. **Don't** leave it up when loading fails: show the error.",
      },
    },
  },
} satisfies Meta<typeof SkeletonLoader>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three lines, the last shorter. */
export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading');
    await expect(canvasElement.querySelectorAll('[data-component="SkeletonLoader.Line"]')).toHaveLength(
      SKELETON_DEFAULT_LINES,
    );
  },
};

export const Playground: Story = { args: { lines: 5, label: 'Loading comments' } };

/** Work item placeholders use 4 lines. */
export const WorkItemPlaceholder: Story = {
  args: { lines: SKELETON_WORK_ITEM_LINES, label: 'Loading work item' },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading work item');
    await expect(canvasElement.querySelectorAll('[data-component="SkeletonLoader.Line"]')).toHaveLength(
      SKELETON_WORK_ITEM_LINES,
    );
  },
};

/** `widths` sets each line, first to last: here a title, two lines of text and a short footer. */
export const CustomWidths: Story = {
  args: { lines: 4, widths: ['40%', '100%', '90%', 120] },
};
