import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import {
  findTimeRange,
  TIME_RANGE_NAMES,
  TIME_RANGE_OPTIONS,
  TimeRangePicker,
  type TimeRangeName,
} from '../src/components/TimeRangePicker';

const meta = {
  title: 'Components/TimeRangePicker',
  component: TimeRangePicker,
  args: { onChange: fn() },
  argTypes: {
    value: { control: 'select', options: [undefined, ...TIME_RANGE_NAMES] },
    defaultValue: { control: 'select', options: TIME_RANGE_NAMES },
    label: { control: 'text' },
    isLabelHidden: { control: 'boolean' },
    isDisabled: { control: 'boolean' },
    name: { control: 'text' },
  },
  parameters: {
    docs: {
      description: {
        component:
          'Picks the time range of a chart or a list: **30 minutes, 3 hours, 8 hours ' +
          '(default), 1 day, 3 days, 7 days, 30 days**. Each option (`TIME_RANGE_OPTIONS`) has a `label`, a ' +
          '`shortcut` (`30m`, `3h`, `8h`, `1d`, `3d`, `7d`, `30d`), a `duration` in seconds, a `name` ' +
          '(`thirtyMinutes` … `thirtyDays`) and an `interval` (`minute`, `hour` or `day`) to group points by. ' +
          '`onChange` gets the whole option; `value`/`defaultValue` take its name.\n\n' +
          '**Keyboard** (react-aria select): Tab to the button; Enter, Space, ArrowDown or ArrowUp open the list ' +
          'with the selected range focused; ArrowUp/ArrowDown move, Home/End jump, typing the start of a label ' +
          '("7") moves to it; Enter or Space picks; Escape or Tab closes without a change. Focus returns to the ' +
          'button. **Screen readers** hear the button as "8 hours, Time range", the list as a listbox and each ' +
          'option with its shortcut as a description. With `name`, a hidden native select submits the ' +
          "range's name with a form.\n\n" +
          '**Do** keep the visible label, or hide it with `isLabelHidden` only where a heading already says what ' +
          "the range applies to. **Don't** offer ranges outside the spec list: pass a subset of " +
          '`TIME_RANGE_OPTIONS` in `options` where fewer make sense.',
      },
    },
  },
} satisfies Meta<typeof TimeRangePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Closed, on the default range: 8 hours. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: '8 hours Time range' })).toBeInTheDocument();
  },
};

export const Playground: Story = {};

/** Room below the trigger for the open list, which is portalled to the page and drawn over the canvas. */
const listRoom = { minHeight: 300 } as const;

/**
 * Open: the list shows every range with its shortcut; the selected one is checked and focused.
 * The list is portalled to `document.body`; the canvas is made tall enough that the screenshot of
 * the canvas area shows it.
 */
export const Open: Story = {
  decorators: [
    (Story) => (
      <div style={listRoom}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: '8 hours Time range' }));
    const listbox = await within(canvasElement.ownerDocument.body).findByRole('listbox', { name: 'Time range' });
    await expect(within(listbox).getAllByRole('option')).toHaveLength(TIME_RANGE_OPTIONS.length);
    await expect(within(listbox).getByRole('option', { name: '8 hours' })).toHaveAttribute('aria-selected', 'true');
  },
};

/** Picking with the keyboard: ArrowDown opens, ArrowDown moves, Enter picks and calls `onChange` with the option. */
export const KeyboardSelection: Story = {
  play: async ({ args, canvas, canvasElement }) => {
    const button = await canvas.findByRole('button', { name: '8 hours Time range' });
    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    const listbox = await within(canvasElement.ownerDocument.body).findByRole('listbox');
    await expect(within(listbox).getByRole('option', { name: '8 hours' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onChange).toHaveBeenCalledWith(findTimeRange('oneDay'));
    await expect(await canvas.findByRole('button', { name: '1 day Time range' })).toBeInTheDocument();
  },
};

/** Controlled: the parent keeps the range and uses its duration and interval. */
export const Controlled: Story = {
  render: (args) => {
    function Chart() {
      const [range, setRange] = useState<TimeRangeName>('threeDays');
      const option = findTimeRange(range);
      return (
        <div style={{ display: 'grid', gap: 8, justifyItems: 'start' }}>
          <TimeRangePicker
            {...args}
            value={range}
            onChange={(next) => {
              setRange(next.name);
              args.onChange?.(next);
            }}
          />
          <output>
            Last {option?.label} ({option?.shortcut}): {option?.duration.seconds} seconds, one point per{' '}
            {option?.interval}
          </output>
        </div>
      );
    }
    return <Chart />;
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/259200 seconds, one point per hour/)).toBeInTheDocument();
  },
};

/** `isLabelHidden`: the label is visually hidden but still names the button. */
export const HiddenLabel: Story = {
  args: { isLabelHidden: true, label: 'Pipeline duration range' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: '8 hours Pipeline duration range' })).toBeInTheDocument();
  },
};

/** A subset of the spec ranges, in `options`. */
export const FewerRanges: Story = {
  args: {
    options: TIME_RANGE_OPTIONS.filter((option) => option.interval === 'day'),
    defaultValue: 'sevenDays',
    label: 'Activity over',
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: '8 hours Time range' })).toBeDisabled();
  },
};
