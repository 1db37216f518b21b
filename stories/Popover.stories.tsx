import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Avatar } from '../src/components/Avatar';
import { Icon } from '../src/components/Icon';
import { Popover, POPOVER_TRIGGERS } from '../src/components/Popover';
import { TOOLTIP_PLACEMENTS } from '../src/components/Tooltip';
import { waitForOpen } from './support/overlay';

/** Story-only button styling (there is no Button component yet): token colours, visible focus. */
const button: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 'var(--fk-space-2)',
  padding: 'var(--fk-space-2) var(--fk-space-4)',
  border: 'thin solid var(--fk-color-border-strong)',
  borderRadius: 'var(--fk-radius-md)',
  background: 'var(--fk-color-background-default)',
  color: 'var(--fk-color-text-default)',
  font: 'inherit',
};

/**
 * Room around the triggers and the portal container: popovers render inside the story canvas
 * (`container` prop), so its screenshot shows them.
 */
function Stage({
  children,
  style,
}: {
  children: (container: HTMLElement | undefined) => ReactNode;
  style?: CSSProperties;
}) {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  return (
    <div
      ref={setContainer}
      style={{
        position: 'relative',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 24,
        padding: '200px 80px 40px',
        ...style,
      }}
    >
      {children(container ?? undefined)}
    </div>
  );
}

const body = (context: { canvasElement: HTMLElement }) => within(context.canvasElement.ownerDocument.body);

const pipelineContent = (
  <>
    <p style={{ margin: 0 }}>Pipeline #1024 passed in 4 minutes on main.</p>
    <p style={{ margin: 'var(--fk-space-3) 0 0' }}>
      <a href="#pipeline-1024">View pipeline</a>
    </p>
  </>
);

const meta = {
  title: 'Components/Popover',
  component: Popover,
  args: {
    title: 'Pipeline status',
    content: pipelineContent,
    trigger: 'click',
    placement: 'top',
    children: (
      <button type="button" style={button}>
        <Icon name="status_success" />
        Pipeline
      </button>
    ),
  },
  argTypes: {
    trigger: { control: 'radio', options: POPOVER_TRIGGERS },
    placement: { control: 'select', options: TOOLTIP_PLACEMENTS },
    children: { control: false },
    content: { control: false },
  },
  render: (args) => <Stage>{(container) => <Popover {...args} container={container} />}</Stage>,
  parameters: {
    docs: {
      description: {
        component:
          'Rich content anchored to a trigger (GitLab UI `GlPopover`): an optional title and a body, with an arrow; ' +
          'it flips and shifts to stay in the viewport. The trigger is **your own element** (for a click popover, ' +
          "a button), cloned with the popover's props, never wrapped.\n\n" +
          '**When to use:** extra detail or a few actions next to what they are about, without leaving the page. ' +
          "**Do** give it a `title` (it names the popover for screen readers) or an `aria-label`. **Don't** use it " +
          "for a short label (use a Tooltip) or for a task that needs the user's full attention (use a Modal).\n\n" +
          '**Click popovers** (default) are non-modal dialogs: a click, Enter or Space on the trigger opens it and ' +
          'focus moves into it; Escape, a click outside or focus leaving it closes it and focus returns to the ' +
          'trigger. The trigger says `aria-expanded` and `aria-controls`.\n\n' +
          '**Hover popovers** (`trigger="hover"`) are previews: pointer hover or keyboard focus on the trigger shows ' +
          'it after 50 ms, and it hides 150 ms after the pointer leaves both the trigger and the popover, so its ' +
          'content can be hovered (popover delay show 50 ms, hide 150 ms). Keyboard users read it ' +
          "as the trigger's description; put actions they need somewhere they can Tab to.\n\n" +
          "**Layers:** only the top layer reacts to Escape and outside clicks (react-aria's overlay stack, shared " +
          'with modals); z-index `--fk-z-index-popover` (above modals, below tooltips).\n\n' +
          '**Heavy content** that reopens often (a picker): `shouldKeepMounted` keeps it rendered after the first ' +
          'opening, hidden while closed (out of the tab order and the accessibility tree, its layout kept by the ' +
          'browser), so opening it again costs a paint; `prerender` renders it hidden before the first opening, ' +
          'set when the user shows intent (pointer or focus on the trigger). EmojiPicker does both.',
      },
    },
  },
} satisfies Meta<typeof Popover>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A click popover with a title, open from the start (`defaultOpen`). */
export const Default: Story = { args: { defaultOpen: true } };

/** Every prop as a control. */
export const Playground: Story = { args: { defaultOpen: true, title: 'Playground' } };

/** Click the trigger: the popover opens and focus moves to its first focusable element. */
export const ClickToOpen: Story = {
  play: async (context) => {
    const trigger = context.canvas.getByRole('button', { name: 'Pipeline' });
    await userEvent.click(trigger);
    const popover = await body(context).findByRole('dialog', { name: 'Pipeline status' });
    await waitForOpen(popover);
    await expect(popover).toBeVisible();
    await expect(within(popover).getByRole('link', { name: 'View pipeline' })).toHaveFocus();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  },
};

/** Keyboard: Tab to the trigger and press Enter. */
export const KeyboardOpen: Story = {
  play: async (context) => {
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const popover = await body(context).findByRole('dialog', { name: 'Pipeline status' });
    await expect(within(popover).getByRole('link', { name: 'View pipeline' })).toHaveFocus();
  },
};

/** A hover popover: a user preview, shown 50 ms after the pointer arrives. */
export const HoverPreview: Story = {
  args: {
    trigger: 'hover',
    title: undefined,
    'aria-label': 'Ada Lovelace',
    placement: 'bottom',
    content: (
      <div style={{ display: 'flex', gap: 'var(--fk-space-3)', alignItems: 'center' }}>
        <Avatar entityId={3} entityName="Ada Lovelace" size={48} />
        <div>
          <strong>Ada Lovelace</strong>
          <div style={{ color: 'var(--fk-color-text-subtle)' }}>@ada · Analytical Engines</div>
        </div>
      </div>
    ),
    children: <a href="#ada">@ada</a>,
  },
  render: (args) => (
    <Stage style={{ paddingBlock: '40px 200px' }}>{(container) => <Popover {...args} container={container} />}</Stage>
  ),
  play: async (context) => {
    await userEvent.hover(context.canvas.getByRole('link', { name: '@ada' }));
    const preview = await body(context).findByRole('dialog', { name: 'Ada Lovelace' });
    await waitForOpen(preview);
    await expect(preview).toBeVisible();
    await expect(context.canvas.getByRole('link', { name: '@ada' })).toHaveAccessibleDescription(
      /Ada Lovelace @ada · Analytical Engines/,
    );
  },
};

/** No title: the popover is named by its trigger (or `aria-label`). */
export const WithoutTitle: Story = {
  args: { title: undefined, defaultOpen: true, content: 'Only maintainers can change protected branches.' },
};

/** Each side; `start`/`end` follow the writing direction. */
export const Placements: Story = {
  render: (args) => (
    <Stage
      style={{ display: 'grid', gridTemplateColumns: 'repeat(2, max-content)', gap: '200px 400px', paddingInline: 240 }}
    >
      {(container) =>
        (['top', 'bottom', 'start', 'end'] as const).map((placement) => (
          <Popover
            key={placement}
            {...args}
            title={`Placement ${placement}`}
            content="Short body."
            placement={placement}
            isOpen
            container={container}
          >
            <button type="button" style={button}>
              {placement}
            </button>
          </Popover>
        ))
      }
    </Stage>
  ),
};

/** Long content wraps at 20 rem (`--fk-popover-max-width`). */
export const LongContent: Story = {
  args: {
    defaultOpen: true,
    title: 'Protected branch',
    content:
      'Pushes to this branch are limited to maintainers, force pushes are not allowed, and merge requests need ' +
      'two approvals from code owners before they can be merged. Change these rules under Settings, Repository.',
  },
};

/** Near the viewport edge the popover shifts to stay inside while the arrow keeps pointing at the trigger. */
export const AtViewportEdge: Story = {
  args: { defaultOpen: true, placement: 'top' },
  render: (args) => (
    <Stage style={{ justifyContent: 'flex-end', paddingInline: 0 }}>
      {(container) => <Popover {...args} container={container} />}
    </Stage>
  ),
};

function CounterContent() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" style={button} onClick={() => setCount((value) => value + 1)}>
      Clicked {count} {count === 1 ? 'time' : 'times'}
    </button>
  );
}

/**
 * `shouldKeepMounted`: closing hides the content instead of unmounting it, so its state (here a
 * counter) is there when the popover opens again, with nothing to render or lay out.
 */
export const KeptMounted: Story = {
  args: { shouldKeepMounted: true, title: 'Kept content', content: <CounterContent /> },
  play: async (context) => {
    const trigger = context.canvas.getByRole('button', { name: 'Pipeline' });
    await userEvent.click(trigger);
    const popover = await body(context).findByRole('dialog', { name: 'Kept content' });
    await userEvent.click(within(popover).getByRole('button', { name: 'Clicked 0 times' }));
    await userEvent.keyboard('{Escape}');
    await expect(body(context).queryByRole('dialog')).toBeNull();
    await userEvent.click(trigger);
    const again = await body(context).findByRole('dialog', { name: 'Kept content' });
    await expect(again).toBe(popover);
    await waitForOpen(again);
    await expect(within(again).getByRole('button', { name: 'Clicked 1 time' })).toBeVisible();
  },
};
