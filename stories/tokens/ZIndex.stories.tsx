import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CSSProperties } from 'react';
import { MODAL_BASE_Z_INDEX, Z_INDEX } from '../../src/tokens';
import { Code, DocSection, DocTable, tokenVar } from './TokenDocs';

const meta = {
  title: 'Tokens/Z-index',
  parameters: {
    docs: {
      description: {
        component:
          'The layers of the page, bottom to top: `Z_INDEX` from `forgekit/tokens` and the ' +
          '`--fk-z-index-*` custom properties. Overlays take their layer from these tokens only; never ' +
          'invent a z-index. **Modals stack**: the base modal z-index is `MODAL_BASE_Z_INDEX`, ' +
          'and a modal at stack depth *d* (0 for the first) uses `MODAL_BASE_Z_INDEX + d`, from the one ' +
          'module-level layer stack; only the top layer handles Escape and outside clicks. Popovers, ' +
          'tooltips and toasts sit above every modal, so a tooltip inside a modal still shows.',
      },
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

type LayerName = keyof typeof Z_INDEX;

const LAYER_USE: Record<LayerName, string> = {
  sticky: 'Sticky headers, sidebars and toolbars that stay in view while the page scrolls.',
  modal: 'The first open modal (stack depth 0) and its backdrop.',
  popover: 'Popovers, dropdowns and user hover cards, also when opened from a modal.',
  tooltip: 'Tooltips, above popovers so a popover trigger can have one.',
  toast: 'Toasts: always on top.',
};

/** The stacked-modal example: a second modal opened from the first. */
const EXAMPLE_DEPTH = 1;

interface Layer {
  key: string;
  label: string;
  zIndex: number;
  /** The CSS value that places the layer (a token, or the modal base plus a depth). */
  css: string;
  /** The same in TypeScript. */
  ts: string;
  use: string;
}

const layers: Layer[] = (Object.entries(Z_INDEX) as [LayerName, number][])
  .sort(([, x], [, y]) => x - y)
  .flatMap(([name, zIndex]): Layer[] => {
    const layer: Layer = {
      key: name,
      label: name,
      zIndex,
      css: tokenVar(['zIndex', name]),
      ts: `Z_INDEX.${name}`,
      use: LAYER_USE[name],
    };
    if (zIndex !== MODAL_BASE_Z_INDEX) return [layer];
    const stacked: Layer = {
      key: `${name}-${EXAMPLE_DEPTH}`,
      label: `${name}, depth ${EXAMPLE_DEPTH}`,
      zIndex: MODAL_BASE_Z_INDEX + EXAMPLE_DEPTH,
      css: `calc(${tokenVar(['zIndex', name])} + ${EXAMPLE_DEPTH})`,
      ts: `MODAL_BASE_Z_INDEX + ${EXAMPLE_DEPTH}`,
      use: 'A modal opened from the first one: base plus its stack depth.',
    };
    return [layer, stacked];
  });

/**
 * The layers drawn as a stack (each card really uses its token as `z-index`, inside an isolated
 * stacking context) and listed in a table. Read a layer in CSS with `z-index: var(--fk-z-index-popover)`
 * or in TypeScript with `Z_INDEX.popover`; a stacked modal with `MODAL_BASE_Z_INDEX + depth`.
 */
export const Layers: Story = {
  render: () => (
    <DocSection title="Z-index layers" intro="Bottom to top. The first modal is the base of the modal stack.">
      <ol
        className="token-doc__stack"
        aria-label="Layer stack, bottom to top"
        style={{ '--layer-count': layers.length } as CSSProperties}
      >
        {layers.map((layer, i) => (
          <li
            key={layer.key}
            className="token-doc__layer"
            data-layer={layer.key.startsWith('modal') ? 'modal' : undefined}
            style={{ '--layer-index': i, zIndex: layer.css } as CSSProperties}
          >
            <span>
              <strong>{layer.label}</strong> · {layer.zIndex}
            </span>
          </li>
        ))}
      </ol>
      <DocTable
        caption="zIndex (Z_INDEX)"
        columns={['Layer', 'z-index', 'CSS', 'TypeScript', 'Used for']}
        rows={[...layers]
          .reverse()
          .map((layer) => [
            layer.label,
            String(layer.zIndex),
            <Code key="css">{layer.css}</Code>,
            <Code key="ts">{layer.ts}</Code>,
            layer.use,
          ])}
      />
    </DocSection>
  ),
};
