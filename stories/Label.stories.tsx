import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type CSSProperties } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { DEFAULT_SUGGESTED_COLORS } from '../src/components/ColorPicker';
import { Label } from '../src/components/Label';
import { contrastGrade, contrastRatio, ON_COLOR_TEXT, readableTextColor } from '../src/utils/contrast';

const row: CSSProperties = { display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' };

const meta = {
  title: 'Components/Label',
  component: Label,
  args: { title: 'frontend', color: '#6699cc' },
  argTypes: {
    title: { control: 'text' },
    color: { control: 'color' },
    href: { control: 'text' },
  },
  parameters: {
    docs: {
      description: {
        component:
          'A label on an issue, merge request or epic (**title** and **color**). The label is drawn ' +
          'in its colour with **white or black text, whichever contrasts more** (`readableTextColor` from ' +
          '`forgekit/utils`, WCAG relative luminance): the better of the two always reaches 4.58:1, so every label ' +
          'colour passes AA. `contrastRatio(a, b)` and `contrastGrade(ratio)` grade any pair with these thresholds ' +
          "(3, 4.5, 7, 22): below 3 'fail', from 3 'AA large', from 4.5 'AA', from 7 to 22 'AAA'.\n\n" +
          '**Scoped labels** (`scope::name`, split at the last `::`) show the scope on the label colour and the name ' +
          'on the page background inside a border of the label colour, so two labels of one scope read as a pair.\n\n' +
          "A colour that is not '#' and 3 or 6 hex digits draws the label in the neutral colours and " +
          'logs a console warning (not shown here: stories must render without warnings); without a colour the ' +
          'label is neutral silently.\n\n' +
          "**Do** keep titles short; long ones are cut with an ellipsis. **Don't** rely on the colour alone: the " +
          'title carries the meaning.\n\n' +
          '**Keyboard and screen readers:** a plain label is text. With `href` it is a link named by its title, with ' +
          "a focus ring round the whole label. With `onRemove` it has a button named 'Remove label {title}' " +
          '(reached with Tab, pressed with Enter or Space) whose focus ring takes the text colour, so it shows on ' +
          'any label colour.',
      },
    },
  },
} satisfies Meta<typeof Label>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Playground: Story = { args: { title: 'workflow::in review', color: '#8fbc8f', onRemove: fn() } };

/**
 * The product's suggested colours: text is white or black, whichever contrasts more. Dark and light
 * backgrounds both pass AA.
 */
export const Colors: Story = {
  render: () => (
    <div style={row}>
      {DEFAULT_SUGGESTED_COLORS.map(({ color, name }) => (
        <Label key={color} title={name} color={color} />
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect((await canvas.findByText('Lavender')).closest('.fk-label')).toHaveAttribute('data-text-color', 'dark');
    await expect(canvas.getByText('Deep violet').closest('.fk-label')).toHaveAttribute('data-text-color', 'light');
  },
};

/** Dark backgrounds take white text. */
export const DarkBackgrounds: Story = {
  render: () => (
    <div style={row}>
      <Label title="backend" color="#330066" />
      <Label title="security" color="#013220" />
      <Label title="database" color="#36454f" />
      <Label title="blocked" color="#000" />
    </div>
  ),
};

/** Light backgrounds take black text. */
export const LightBackgrounds: Story = {
  render: () => (
    <div style={row}>
      <Label title="documentation" color="#e6e6fa" />
      <Label title="good first issue" color="#f7e7ce" />
      <Label title="needs design" color="#eee600" />
      <Label title="idea" color="#fff" />
    </div>
  ),
};

/** Scoped labels: the scope on the label colour, the name on the page background. */
export const Scoped: Story = {
  render: () => (
    <div style={row}>
      <Label title="priority::1" color="#dc143c" />
      <Label title="priority::3" color="#ed9121" />
      <Label title="workflow::in review" color="#6699cc" />
      <Label title="type::feature" color="#e6e6fa" />
      <Label title="team::backend::api" color="#330066" />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('team::backend')).toHaveAttribute('data-component', 'Label.Scope');
    await expect(canvas.getByText('api')).toHaveAttribute('data-component', 'Label.Name');
  },
};

/** Without a colour: the neutral colours of the theme, plain and scoped. */
export const Neutral: Story = {
  render: () => (
    <div style={row}>
      <Label title="unlabelled" />
      <Label title="status::unknown" />
    </div>
  ),
};

/** With `href`: a link, focused here by keyboard to show the focus ring round the label. */
export const AsLink: Story = {
  render: () => (
    <div style={row}>
      <Label title="frontend" color="#6699cc" href="#frontend" />
      <Label title="priority::1" color="#dc143c" href="#priority" />
    </div>
  ),
  play: async ({ canvas }) => {
    await canvas.findByRole('link', { name: 'frontend' });
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'frontend' })).toHaveFocus();
  },
};

function RemovableLabels() {
  const [labels, setLabels] = useState([
    { title: 'bug', color: '#dc143c' },
    { title: 'documentation', color: '#e6e6fa' },
    { title: 'priority::2', color: '#ed9121' },
    { title: 'deep violet', color: '#330066' },
  ]);
  return (
    <div style={row}>
      {labels.map((label) => (
        <Label
          key={label.title}
          {...label}
          href={`#${label.title}`}
          onRemove={() => setLabels((all) => all.filter((l) => l !== label))}
        />
      ))}
    </div>
  );
}

/**
 * With `onRemove`: a remove button named 'Remove label {title}'. The play function removes 'bug' with
 * the keyboard and leaves focus on the next remove button, to show its focus ring.
 */
export const Removable: Story = {
  render: () => <RemovableLabels />,
  play: async ({ canvas }) => {
    const remove = await canvas.findByRole('button', { name: 'Remove label bug' });
    remove.focus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.queryByText('bug')).toBeNull();
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Remove label documentation' })).toHaveFocus();
  },
};

/** In a narrow column, long titles are cut with an ellipsis (scoped: the scope takes at most half). */
export const NarrowLongTitles: Story = {
  render: () => (
    <div style={{ width: 200, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 8 }}>
      <Label title="a label with a very long title that does not fit" color="#6699cc" />
      <Label title="a very long scope name::and a long value" color="#330066" />
      <Label title="removable label with a long title" color="#e6e6fa" onRemove={() => {}} />
    </div>
  ),
};

/** `contrastRatio` and `contrastGrade` for each suggested colour against its chosen text colour. */
export const ContrastGrades: Story = {
  render: () => (
    <table style={{ borderCollapse: 'collapse' }}>
      <thead>
        <tr>
          <th style={{ textAlign: 'start', paddingInlineEnd: 16 }}>Label</th>
          <th style={{ textAlign: 'start', paddingInlineEnd: 16 }}>Ratio</th>
          <th style={{ textAlign: 'start' }}>Grade</th>
        </tr>
      </thead>
      <tbody>
        {DEFAULT_SUGGESTED_COLORS.slice(0, 8).map(({ color, name }) => {
          const ratio = contrastRatio(color, ON_COLOR_TEXT[readableTextColor(color)]);
          return (
            <tr key={color}>
              <td style={{ paddingInlineEnd: 16 }}>
                <Label title={name} color={color} />
              </td>
              <td style={{ paddingInlineEnd: 16 }}>{ratio.toFixed(2)}:1</td>
              <td>{contrastGrade(ratio)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  ),
};
