import type { Meta, StoryObj } from '@storybook/react-vite';
import { tokenValues } from '../../src/tokens';
import { Code, DocSection, DocTable, ScaleBar, tokenVar, tokenVarName } from './TokenDocs';

const meta = {
  title: 'Tokens/Spacing',
  parameters: {
    docs: {
      description: {
        component:
          'Spacing, corner radii and elevation. Use the custom properties for every gap, padding, margin, ' +
          'radius and shadow (`padding: var(--fk-space-3) var(--fk-space-4)`, `border-radius: ' +
          'var(--fk-radius-md)`, `box-shadow: var(--fk-shadow-md)`), never literal pixels, so the whole ' +
          'product keeps one rhythm. In TypeScript, `tokenValues.space`, `tokenValues.radius` and ' +
          '`tokenValues.shadow` from `forgekit/tokens` hold the same values (px as numbers), for layout ' +
          'maths such as virtualised list offsets.',
      },
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The space scale, `--fk-space-0` to `--fk-space-10` (`tokenValues.space[n]`, px). Small steps
 * (1–3) separate an icon from its label and pad badges; 4–5 pad controls and cards; 6 and up
 * separate sections and page regions.
 */
export const Space: Story = {
  render: () => (
    <DocSection title="Space">
      <DocTable
        caption="space"
        columns={['Token', 'Value', 'Scale']}
        rows={Object.entries(tokenValues.space).map(([step, px]) => [
          <Code key="token">{tokenVarName(['space', step])}</Code>,
          `${px}px`,
          <ScaleBar key="bar" path={['space', step]} />,
        ])}
      />
    </DocSection>
  ),
};

/**
 * Corner radii, `--fk-radius-*` (`tokenValues.radius`, px): `sm` for badges and small controls, `md`
 * for buttons, inputs and cards, `lg` for overlays (modals, popovers), `full` for pills and circles
 * (avatars).
 */
export const Radii: Story = {
  render: () => (
    <DocSection title="Radii">
      <DocTable
        caption="radius"
        columns={['Token', 'Value', 'Sample']}
        rows={Object.entries(tokenValues.radius).map(([name, px]) => [
          <Code key="token">{tokenVarName(['radius', name])}</Code>,
          `${px}px`,
          <span key="box" className="token-doc__box" style={{ borderRadius: tokenVar(['radius', name]) }} />,
        ])}
      />
    </DocSection>
  ),
};

const shadowValue = ({
  offsetX,
  offsetY,
  blur,
  spread,
  color,
}: (typeof tokenValues.shadow)[keyof typeof tokenValues.shadow]) => `${offsetX} ${offsetY} ${blur} ${spread} ${color}`;

/**
 * Elevation, `--fk-shadow-*` (`tokenValues.shadow`, composite `offsetX offsetY blur spread color`):
 * `sm` for raised cards and sticky headers, `md` for popovers, dropdowns and tooltips, `lg` for
 * modals and toasts. A shadow never replaces a border where the edge must be seen.
 */
export const Shadows: Story = {
  render: () => (
    <DocSection title="Shadows">
      <DocTable
        caption="shadow"
        columns={['Token', 'Value', 'Sample']}
        rows={Object.entries(tokenValues.shadow).map(([name, shadow]) => [
          <Code key="token">{tokenVarName(['shadow', name])}</Code>,
          <Code key="value">{shadowValue(shadow)}</Code>,
          <span key="card" className="token-doc__card" style={{ boxShadow: tokenVar(['shadow', name]) }} />,
        ])}
      />
    </DocSection>
  ),
};
