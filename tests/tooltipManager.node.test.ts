// Server side: no DOM at all. initTooltips and its module functions do nothing and do not throw;
// the overlay components render their trigger only (overlays portal in once the page is interactive).
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ClipboardButton } from '../src/components/ClipboardButton';
import { Popover } from '../src/components/Popover';
import {
  addTooltips,
  destroyTooltips,
  disableTooltips,
  disposeTooltips,
  enableTooltips,
  fixTooltipTitle,
  hideTooltip,
  initTooltips,
  showTooltip,
} from '../src/components/Tooltip/tooltipManager';
import { Tooltip } from '../src/components/Tooltip';

describe('tooltips on the server', () => {
  it('initTooltips is a no-op without a document', () => {
    expect(typeof document).toBe('undefined');
    const manager = initTooltips();
    expect(() => {
      manager.add([]);
      manager.show('#x');
      manager.hide('#x');
      manager.fixTitle('#x');
      manager.dispose([]);
      manager.disable();
      manager.enable();
      manager.destroy();
      addTooltips([]);
      disposeTooltips([]);
      fixTooltipTitle('#x');
      enableTooltips();
      disableTooltips();
      showTooltip('#x');
      hideTooltip('#x');
      destroyTooltips();
    }).not.toThrow();
  });

  it('renders open overlays as their trigger only', () => {
    const button = createElement('button', { type: 'button', title: 'Kept on the server' }, 'Trigger');
    const tooltip = renderToString(createElement(Tooltip, { content: 'Tip', defaultOpen: true, children: button }));
    expect(tooltip).toContain('Trigger');
    expect(tooltip).not.toContain('role="tooltip"');
    const fromTitle = renderToString(createElement(Tooltip, { defaultOpen: true, children: button }));
    expect(fromTitle).toContain('title="Kept on the server"'); // moved aside only once hydrated
    const popover = renderToString(
      createElement(Popover, { content: 'Body', title: 'Title', defaultOpen: true, children: button }),
    );
    expect(popover).toContain('aria-expanded="true"');
    expect(popover).not.toContain('Body');
    expect(renderToString(createElement(ClipboardButton, { text: 'x' }))).toContain('aria-label="Copy to clipboard"');
  });
});
