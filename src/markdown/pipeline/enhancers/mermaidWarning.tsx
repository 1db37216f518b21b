// The heavy-diagram warning (spec sections 4 and 8), a warning Alert with a 'Display' button, in
// its own React root placed before the diagram's source.
import { Alert } from '../../../components/Alert';
import { mountIsland } from '../reactIsland';
import type { EnhancerContext } from '../types';
import { MERMAID_DISPLAY_LABEL, MERMAID_WARNING_MESSAGE } from './mermaidConstants';

/** Class of the element holding a warning (GitLab: `js-lazy-render-mermaid-container`). */
export const MERMAID_WARNING_CLASS = 'fk-mermaid-warning';

/**
 * Shows the warning before `pre`. `onDisplay` runs when the button is pressed, after the warning
 * has left the DOM (its root unmounts in a microtask: React refuses a synchronous unmount from
 * inside its own event handler or from an effect cleanup). Disposing the run removes the warning.
 */
export function showMermaidWarning(
  pre: HTMLElement,
  context: EnhancerContext,
  onDisplay: (hadFocus: boolean) => void,
): HTMLElement {
  const display = () => {
    const hadFocus = island.host.contains(island.host.ownerDocument.activeElement);
    island.remove();
    onDisplay(hadFocus);
  };
  const island = mountIsland(
    context,
    (host) => {
      host.className = MERMAID_WARNING_CLASS;
      host.setAttribute('data-component', 'Markdown.MermaidWarning');
      pre.before(host);
    },
    <Alert variant="warning" primaryAction={{ text: MERMAID_DISPLAY_LABEL, onClick: display }}>
      {MERMAID_WARNING_MESSAGE}
    </Alert>,
  );
  return island.host;
}
