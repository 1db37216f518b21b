import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Icon } from '../src/components/Icon';
import { Tooltip, TOOLTIP_DELAY_STORAGE_KEY, TOOLTIP_PLACEMENTS, TOOLTIP_TRIGGERS } from '../src/components/Tooltip';
import { initTooltips } from '../src/components/Tooltip/tooltipManager';

/**
 * Story-only trigger styling (there is no Button component yet): token colours, visible focus.
 * Square corners: at the screenshot runner's 1.25 scale, the anti-aliased corners of a rounded,
 * bordered button came out one colour unit different from run to run after a hover.
 */
const button: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 'var(--fk-space-2)',
  padding: 'var(--fk-space-2) var(--fk-space-4)',
  border: 'thin solid var(--fk-color-border-strong)',
  borderRadius: 0,
  background: 'var(--fk-color-background-default)',
  color: 'var(--fk-color-text-default)',
  font: 'inherit',
};
const iconButton: CSSProperties = { ...button, padding: 'var(--fk-space-3)' };
/** Links with a class attribute miss the story canvas's link colour. */
const link: CSSProperties = { color: 'var(--fk-color-text-link)' };

/**
 * Room around the triggers (tooltips keep 50 px from the viewport edges) and the portal container:
 * the tooltips render inside the story canvas (`container` prop), so its screenshot shows them.
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
      className="tooltip-stage"
      style={{
        position: 'relative',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 24,
        padding: '96px 80px',
        ...style,
      }}
    >
      {children(container ?? undefined)}
    </div>
  );
}

const body = (context: { canvasElement: HTMLElement }) => within(context.canvasElement.ownerDocument.body);

const meta = {
  title: 'Components/Tooltip',
  component: Tooltip,
  args: {
    content: 'Merge request !42',
    placement: 'top',
    children: (
      <button type="button" style={button}>
        <Icon name="merge-request" />
        !42
      </button>
    ),
  },
  argTypes: {
    placement: { control: 'select', options: TOOLTIP_PLACEMENTS },
    triggers: { control: 'check', options: TOOLTIP_TRIGGERS },
    type: { control: 'radio', options: ['description', 'label'] },
    children: { control: false },
  },
  render: (args) => <Stage>{(container) => <Tooltip {...args} container={container} />}</Stage>,
  parameters: {
    docs: {
      description: {
        component:
          'A short text label or description for the element it wraps (GitLab UI `GlTooltip`). The trigger is ' +
          "**your own element** (a button or link that accepts `ref` and event props); it is cloned with the tooltip's " +
          'props, never wrapped.\n\n' +
          '**When to use:** to name an icon-only button, to show a full value that is truncated, or a short hint. ' +
          "**Do** keep it to a phrase. **Don't** put links, buttons or anything interactive in it (use a Popover), " +
          "or information a user must read to continue: touch users can't hover.\n\n" +
          '**Behaviour:** shows on hover and keyboard focus (`triggers`, default ' +
          "`['hover', 'focus']`; `click` toggles), **never on mouse focus alone**; delays show 500 ms and hide 0 ms " +
          '(keyboard focus shows at once), overridden by the user in local storage under `' +
          TOOLTIP_DELAY_STORAGE_KEY +
          '` (`\'0\'` or `{"show":0,"hide":0}`), or by the `delay` prop; placement top with 50 px boundary padding, ' +
          'flipping and shifting to stay in view; no tooltip when content and title are empty; hidden when the ' +
          'target is hidden or removed (checked every 100 ms) **and when it scrolls out of view**. One tooltip at a ' +
          'time.\n\n' +
          '**Keyboard and screen readers:** Tab to the trigger shows the tooltip; Escape closes it. It has ' +
          '`role="tooltip"` and describes the trigger (`aria-describedby`) while shown. With `type="label"` it ' +
          "repeats the trigger's `aria-label` and is not announced twice. A `title` used as content is moved to " +
          '`data-original-title` (so the browser does not show a second tooltip); on an icon-only trigger it becomes ' +
          'the `aria-label`.\n\n' +
          '**Server-rendered markup:** `initTooltips({ selector })` serves every `.has-tooltip` / ' +
          '`[data-toggle="tooltip"]` element on the page from one set of delegated listeners and one React root, ' +
          'reading `title`, `data-placement`, `data-triggers`, `data-container` and `data-boundary` when an element ' +
          'is first hovered or focused. See the last stories.',
      },
    },
  },
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Open from the start (`defaultOpen`), placement top. */
export const Default: Story = { args: { defaultOpen: true } };

/** Every prop as a control. Open from the start; hover or focus the trigger to try the delays. */
export const Playground: Story = {
  args: { defaultOpen: true, content: 'Playground tooltip', delay: { show: 500, hide: 0 } },
};

/** Hover (after the 500 ms show delay). */
export const OnHover: Story = {
  play: async (context) => {
    await userEvent.hover(context.canvas.getByRole('button', { name: '!42' }));
    await expect(await body(context).findByRole('tooltip', {}, { timeout: 2000 })).toHaveTextContent(
      'Merge request !42',
    );
    await expect(context.canvas.getByRole('button')).toHaveAccessibleDescription('Merge request !42');
  },
};

/** Tab to the trigger: keyboard focus shows the tooltip at once. */
export const OnKeyboardFocus: Story = {
  play: async (context) => {
    await userEvent.tab();
    await expect(context.canvas.getByRole('button')).toHaveFocus();
    await expect(await body(context).findByRole('tooltip')).toHaveTextContent('Merge request !42');
  },
};

/** `triggers={['click']}`: a click toggles it; Escape or a click elsewhere closes it. */
export const ClickTrigger: Story = {
  args: { triggers: ['click'], content: 'Copied SHA 1a2b3c4d' },
  play: async (context) => {
    await userEvent.click(context.canvas.getByRole('button'));
    await expect(await body(context).findByRole('tooltip')).toHaveTextContent('Copied SHA 1a2b3c4d');
  },
};

/** `start`/`end` follow the writing direction; each side flips when there is no room. */
export const Placements: Story = {
  render: (args) => (
    <Stage style={{ display: 'grid', gridTemplateColumns: 'repeat(4, max-content)', gap: '96px 160px' }}>
      {(container) =>
        (['top', 'bottom', 'start', 'end'] as const).map((placement) => (
          <Tooltip
            key={placement}
            {...args}
            content={`Placement ${placement}`}
            placement={placement}
            isOpen
            container={container}
          >
            <button type="button" style={button}>
              {placement}
            </button>
          </Tooltip>
        ))
      }
    </Stage>
  ),
};

/** Long text wraps at 20 rem (`--fk-tooltip-max-width`). */
export const LongContent: Story = {
  render: (args) => (
    <Stage style={{ paddingBlockStart: 160 }}>{(container) => <Tooltip {...args} container={container} />}</Stage>
  ),
  args: {
    defaultOpen: true,
    content:
      'This pipeline ran on a protected branch: its jobs can read protected variables and deploy to production ' +
      'environments, so only maintainers can retry it.',
  },
};

/** Without `content`, the trigger's `title` is the text; it moves to `data-original-title`. */
export const TitleAsContent: Story = {
  args: {
    content: undefined,
    defaultOpen: true,
    children: (
      <button type="button" style={button} title="Assigned to Ada Lovelace">
        Assignee
      </button>
    ),
  },
  play: async (context) => {
    const trigger = context.canvas.getByRole('button', { name: 'Assignee' });
    await expect(await body(context).findByRole('tooltip')).toHaveTextContent('Assigned to Ada Lovelace');
    await expect(trigger).not.toHaveAttribute('title');
    await expect(trigger).toHaveAttribute('data-original-title', 'Assigned to Ada Lovelace');
  },
};

/** An icon-only button named by `aria-label`; `type="label"` keeps the tooltip from repeating it. */
export const IconButtonLabel: Story = {
  args: {
    content: 'Edit title',
    type: 'label',
    defaultOpen: true,
    children: (
      <button type="button" style={iconButton} aria-label="Edit title">
        <Icon name="pencil" />
      </button>
    ),
  },
  play: async (context) => {
    await expect(await body(context).findByRole('tooltip')).toHaveTextContent('Edit title');
    await expect(context.canvas.getByRole('button', { name: 'Edit title' })).not.toHaveAttribute('aria-describedby');
  },
};

/** Empty content and no title: no tooltip at all, the trigger is left as it is. */
export const EmptyContent: Story = {
  args: { content: '   ', defaultOpen: true },
  play: async (context) => {
    await expect(context.canvas.getByRole('button')).not.toHaveAttribute('aria-describedby');
    await expect(body(context).queryByRole('tooltip')).toBeNull();
  },
};

/** `isDisabled`: no tooltip, even when asked to be open. */
export const Disabled: Story = {
  args: { isDisabled: true, isOpen: true },
  play: async (context) => {
    await expect(body(context).queryByRole('tooltip')).toBeNull();
  },
};

/** Markup as the server renders it: `.has-tooltip` and `data-toggle="tooltip"` with data attributes. */
function ServerRenderedPage() {
  useEffect(() => {
    const manager = initTooltips({ selector: '.has-tooltip, [data-toggle="tooltip"]' });
    return () => manager.destroy();
  }, []);
  return (
    <Stage style={{ gap: 32 }}>
      {() => (
        <>
          <a
            href="#pipeline"
            style={link}
            className="has-tooltip"
            title="Pipeline #1024 passed"
            data-container=".tooltip-stage"
          >
            #1024
          </a>
          <button
            type="button"
            style={iconButton}
            className="has-tooltip"
            title="Star this project"
            data-container=".tooltip-stage"
          >
            <Icon name="star-o" />
          </button>
          <a
            href="#created"
            style={link}
            data-toggle="tooltip"
            data-placement="bottom"
            title="Created 3 days ago"
            data-container=".tooltip-stage"
          >
            3 days ago
          </a>
          <button
            type="button"
            style={button}
            className="has-tooltip"
            data-triggers="click"
            title="Clicked"
            data-container=".tooltip-stage"
          >
            Click trigger
          </button>
        </>
      )}
    </Stage>
  );
}

/**
 * `initTooltips()` over server-rendered markup: one delegated manager, nothing done per element
 * until it is hovered or focused. Here the pipeline link is hovered.
 */
export const ServerRenderedMarkup: Story = {
  render: () => <ServerRenderedPage />,
  play: async (context) => {
    const link = await context.canvas.findByRole('link', { name: '#1024' });
    await userEvent.hover(link);
    await expect(await body(context).findByRole('tooltip')).toHaveTextContent('Pipeline #1024 passed');
    await expect(link).toHaveAttribute('data-original-title', 'Pipeline #1024 passed');
    await expect(link).toHaveAccessibleDescription('Pipeline #1024 passed');
  },
};

/**
 * The manager and the keyboard: Tab to the icon-only star button; its title became its name
 * (`aria-label`) and shows as the tooltip.
 */
export const ServerRenderedKeyboard: Story = {
  render: () => <ServerRenderedPage />,
  play: async (context) => {
    await userEvent.tab();
    await userEvent.tab();
    const star = context.canvas.getByRole('button', { name: 'Star this project' });
    await expect(star).toHaveFocus();
    await expect(await body(context).findByRole('tooltip')).toHaveTextContent('Star this project');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body(context).queryByRole('tooltip')).toBeNull());
    await userEvent.tab();
    await expect(await body(context).findByRole('tooltip')).toHaveTextContent('Created 3 days ago');
  },
};
