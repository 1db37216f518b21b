import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { Badge, BADGE_SIZES, BADGE_VARIANTS, type BadgeVariant } from '../src/components/Badge';
import type { IconName } from '../src/components/Icon';

const row = { display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' } as const;

const meta = {
  title: 'Components/Badge',
  component: Badge,
  args: { children: 'Badge', variant: 'neutral', size: 'md' },
  argTypes: {
    variant: { control: 'select', options: BADGE_VARIANTS },
    size: { control: 'radio', options: BADGE_SIZES },
    icon: { control: 'text' },
    href: { control: 'text' },
  },
  parameters: {
    docs: {
      description: {
        component:
          'A small label for a status or a category (GitLab UI `GlBadge`). **Variants:** `neutral` (default) for ' +
          'plain categories; the feedback colours `info`, `success`, `warning`, `danger`, `tip` for a state; the ' +
          'issuable status colours `open`, `closed`, `merged` for issues and merge requests (spec: labels Open, ' +
          'Closed, Merged). Sizes `sm` and `md` (default). Every variant meets WCAG AA contrast in light and dark.\n\n' +
          '**Do** keep the label to a word or two and let it say everything: the optional leading `icon` is ' +
          "decorative and hidden from screen readers. **Don't** use colour alone to carry meaning, or a badge as a " +
          'button: for an action use a button.\n\n' +
          '**Keyboard and screen readers:** a plain badge is text and is not focusable. With `href` it is a link: ' +
          'reached with Tab, followed with Enter, drawn with the focus ring on keyboard focus, and named by its ' +
          'label. The spec\'s version badge ("Up to date", "Update available", "Update ASAP") links to the update ' +
          'docs only when there is something to do.',
      },
    },
  },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Playground: Story = { args: { children: 'Playground', variant: 'info', icon: 'information-o' } };

/** Every variant: neutral, the feedback colours, then the issuable status colours. */
export const AllVariants: Story = {
  render: (args) => (
    <div style={row}>
      {BADGE_VARIANTS.map((variant) => (
        <Badge key={variant} {...args} variant={variant}>
          {variant}
        </Badge>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    for (const variant of BADGE_VARIANTS) {
      await expect(await canvas.findByText(variant)).toBeVisible();
    }
  },
};

/** `sm` and `md` (default), with and without an icon. */
export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 12 }}>
      {BADGE_SIZES.map((size) => (
        <div key={size} style={row}>
          <Badge {...args} size={size}>
            Size {size}
          </Badge>
          <Badge {...args} size={size} variant="open" icon="issue-open-m">
            Open
          </Badge>
        </div>
      ))}
    </div>
  ),
};

const ICONS: Record<BadgeVariant, [IconName, string]> = {
  neutral: ['tanuki', 'Internal'],
  info: ['information-o', 'Info'],
  success: ['check-circle', 'Passed'],
  warning: ['warning', 'Blocked'],
  danger: ['error', 'Failed'],
  tip: ['bulb', 'Tip'],
  open: ['issue-open-m', 'Open'],
  closed: ['issue-close', 'Closed'],
  merged: ['merge', 'Merged'],
};

/**
 * A decorative leading icon per variant. The icon is hidden from assistive technology: the label
 * alone must carry the meaning.
 */
export const WithIcon: Story = {
  render: (args) => (
    <div style={row}>
      {BADGE_VARIANTS.map((variant) => (
        <Badge key={variant} {...args} variant={variant} icon={ICONS[variant][0]}>
          {ICONS[variant][1]}
        </Badge>
      ))}
    </div>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText('Merged')).toBeVisible();
    await expect(canvasElement.querySelectorAll('.fk-badge [data-component="Icon"][aria-hidden="true"]')).toHaveLength(
      BADGE_VARIANTS.length,
    );
  },
};

/**
 * With `href` the badge is a link (spec: the version badge links to the update docs only when
 * actionable). The first link has keyboard focus here, to show the focus ring.
 */
export const AsLink: Story = {
  render: (args) => (
    <div style={row}>
      <Badge {...args} variant="success">
        Up to date
      </Badge>
      <Badge {...args} variant="warning" href="#update">
        Update available
      </Badge>
      <Badge {...args} variant="danger" href="#update">
        Update ASAP
      </Badge>
    </div>
  ),
  play: async ({ canvas }) => {
    const link = await canvas.findByRole('link', { name: 'Update available' });
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await expect(await canvas.findByRole('link', { name: 'Update ASAP' })).toHaveAttribute('href', '#update');
    await expect(canvas.queryByRole('link', { name: 'Up to date' })).toBeNull();
  },
};
