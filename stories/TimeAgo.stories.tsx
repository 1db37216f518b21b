import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { TimeAgo, TIME_AGO_DISPLAYS } from '../src/components/TimeAgo';
import { DAY_IN_MS, HOUR_IN_MS, MINUTE_IN_MS, SECOND_IN_MS } from '../src/utils/date';
import { TIME_AGO_FORMS } from '../src/utils/timeAgo';

/**
 * Every story measures from this fixed moment and shows dates in UTC, so the text and the
 * screenshots never depend on the real clock or the machine's time zone.
 */
const NOW = Date.parse('2026-01-05T14:07:09Z');
const ago = (ms: number) => NOW - ms;
const ahead = (ms: number) => NOW + ms;

const meta = {
  title: 'Components/TimeAgo',
  component: TimeAgo,
  args: { date: ago(3 * MINUTE_IN_MS), now: NOW, timeZone: 'UTC', form: 'relative', display: 'relative' },
  argTypes: {
    date: { control: 'date' },
    now: { control: 'date' },
    form: { control: 'radio', options: TIME_AGO_FORMS },
    display: { control: 'radio', options: TIME_AGO_DISPLAYS },
    timeZone: { control: 'text' },
    timeDisplayFormat: { control: 'radio', options: [1, 2] },
  },
  parameters: {
    docs: {
      description: {
        component:
          'A moment as relative time ("3 minutes ago") in a `<time datetime>` element, with the exact date and ' +
          'time (mediumDate and time, "Jan 5, 2026 2:04 PM") in a Tooltip, on hover and keyboard focus. ' +
          'Wording: **just now, seconds, minutes, hours, days, weeks, months, years**, in the forms **past** ' +
          '("3 minutes ago"), **future** ("in 3 minutes"), **remaining** ("3 minutes remaining", "Past due" once ' +
          'passed) and **duration** ("3 minutes"). "just now" covers the first 10 seconds either way.\n\n' +
          '**Live updates:** every TimeAgo on a page is refreshed by **one shared timer**: every second while any ' +
          'of them is under a minute away, else every minute; it stops when none is mounted. A tick re-renders ' +
          'only the instances whose text changed. Pass `now` to freeze the text (tests, stories, a server that ' +
          'renders relative text).\n\n' +
          '**Server rendering:** without `now`, the server and the first client render show the date ' +
          '("Jan 5, 2026", in UTC unless `timeZone` is set, since the server cannot know the user\'s zone); the ' +
          'relative text replaces it right after hydration, with no mismatch.\n\n' +
          '**Use** `display="absolute"` where the exact time matters more than its distance (audit logs). ' +
          "`timeDisplayFormat` is the user's setting: 1 for 12-hour, 2 for 24-hour.\n\n" +
          '**Screen readers** read the text; the exact moment is in `datetime`, and the open tooltip describes ' +
          'the element. The element is not focusable by default (a page of timestamps would be a page of tab ' +
          'stops): where the exact time matters to keyboard users, pass `tabIndex={0}` (focus shows the tooltip ' +
          'at once, Escape hides it) or use `display="absolute"`. **Don\'t** put TimeAgo in a live region: its ' +
          'text changes every second.',
      },
    },
  },
} satisfies Meta<typeof TimeAgo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three minutes ago, measured from the stories' fixed now. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const time = await canvas.findByText('3 minutes ago');
    await expect(time.tagName).toBe('TIME');
    await expect(time).toHaveAttribute('datetime', '2026-01-05T14:04:09.000Z');
  },
};

export const Playground: Story = {};

/** Under 10 seconds away, in either direction: "just now". */
export const JustNow: Story = {
  args: { date: ago(5 * SECOND_IN_MS) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('just now')).toBeInTheDocument();
  },
};

/** From 10 seconds to a minute: counted in seconds. */
export const Seconds: Story = {
  args: { date: ago(45 * SECOND_IN_MS) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('45 seconds ago')).toBeInTheDocument();
  },
};

/** Whole minutes, rounded down: 3 minutes 50 seconds is "3 minutes ago". */
export const Minutes: Story = {
  args: { date: ago(3 * MINUTE_IN_MS + 50 * SECOND_IN_MS) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('3 minutes ago')).toBeInTheDocument();
  },
};

export const Hours: Story = {
  args: { date: ago(5 * HOUR_IN_MS) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('5 hours ago')).toBeInTheDocument();
  },
};

export const Days: Story = {
  args: { date: ago(3 * DAY_IN_MS) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('3 days ago')).toBeInTheDocument();
  },
};

/** From 7 days: weeks. */
export const Weeks: Story = {
  args: { date: ago(14 * DAY_IN_MS) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('2 weeks ago')).toBeInTheDocument();
  },
};

/** From about 30.4 days (a mean month): months. */
export const Months: Story = {
  args: { date: ago(90 * DAY_IN_MS) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('2 months ago')).toBeInTheDocument();
  },
};

export const Years: Story = {
  args: { date: ago(800 * DAY_IN_MS) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('2 years ago')).toBeInTheDocument();
  },
};

/** A moment ahead: the future form. */
export const Future: Story = {
  args: { date: ahead(3 * HOUR_IN_MS) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('in 3 hours')).toBeInTheDocument();
  },
};

/** `form="remaining"`: time left until a due date (`timeFor`). */
export const Remaining: Story = {
  args: { date: ahead(3 * DAY_IN_MS), form: 'remaining' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('3 days remaining')).toBeInTheDocument();
  },
};

/** `form="remaining"` once the date has passed: "Past due". */
export const PastDue: Story = {
  args: { date: ago(2 * HOUR_IN_MS), form: 'remaining' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Past due')).toBeInTheDocument();
  },
};

/** `form="duration"`: the distance without a direction ("took 3 minutes"). */
export const Duration: Story = {
  args: { date: ago(3 * MINUTE_IN_MS), form: 'duration' },
  render: (args) => (
    <p style={{ margin: 0 }}>
      Pipeline finished in <TimeAgo {...args} />
    </p>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('3 minutes')).toBeInTheDocument();
  },
};

/** `display="absolute"`: the exact date and time instead of the distance. */
export const Absolute: Story = {
  args: { date: ago(3 * DAY_IN_MS), display: 'absolute' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Jan 2, 2026 2:07 PM')).toBeInTheDocument();
  },
};

/** The user's time display setting 2: a 24-hour clock (here in the absolute display). */
export const TwentyFourHourClock: Story = {
  args: { date: ago(3 * DAY_IN_MS), display: 'absolute', timeDisplayFormat: 2 },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Jan 2, 2026 14:07')).toBeInTheDocument();
  },
};

/**
 * The exact date and time in a tooltip. Here the element is focusable (`tabIndex={0}`), so keyboard
 * focus shows the tooltip at once; hovering shows it after the product's delay.
 */
export const ExactDateTooltip: Story = {
  args: { tabIndex: 0 },
  decorators: [
    (Story) => (
      <div style={{ paddingBlock: 64 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas, canvasElement }) => {
    await userEvent.tab();
    await expect(await canvas.findByText('3 minutes ago')).toHaveFocus();
    const tooltip = await within(canvasElement.ownerDocument.body).findByRole('tooltip');
    await expect(tooltip).toHaveTextContent('Jan 5, 2026 2:04 PM');
  },
};

/** In running text, as in an activity feed. */
export const InContext: Story = {
  render: (args) => (
    <ul style={{ margin: 0, paddingInlineStart: 20 }}>
      <li>
        Ada Lovelace opened this issue <TimeAgo {...args} date={ago(20 * SECOND_IN_MS)} />
      </li>
      <li>
        Grace Hopper pushed 3 commits <TimeAgo {...args} date={ago(2 * HOUR_IN_MS)} />
      </li>
      <li>
        Due date: <TimeAgo {...args} date={ahead(9 * DAY_IN_MS)} form="remaining" />
      </li>
    </ul>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('20 seconds ago')).toBeInTheDocument();
    await expect(await canvas.findByText('1 week remaining')).toBeInTheDocument();
  },
};
