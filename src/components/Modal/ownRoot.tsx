import { useEffect, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

/** Marks every container `renderInOwnRoot` appends (beside its own attribute). */
export const OWN_ROOT_ATTRIBUTE = 'data-fk-own-root';

/**
 * Renders a modal opened from plain code (confirmAction, waitForCaptchaToBeSolved) in a React root
 * of its own, in a container (marked with `attribute`) appended to `document.body`. `render` gets
 * `remove`, to call once the modal has closed (its `onHidden`): it unmounts the root, removes the
 * container and then calls `afterRemove`. The first render is synchronous, so the modal is in the
 * page, owning focus, when this returns.
 */
export function renderInOwnRoot(
  attribute: string,
  render: (remove: (afterRemove?: () => void) => void) => ReactNode,
): void {
  const container = document.createElement('div');
  container.setAttribute(attribute, '');
  container.setAttribute(OWN_ROOT_ATTRIBUTE, '');
  document.body.append(container);
  const root = createRoot(container);
  const remove = (afterRemove?: () => void) => {
    // Unmount outside React's own work (onHidden runs from an effect).
    setTimeout(() => {
      root.unmount();
      container.remove();
      afterRemove?.();
    });
  };
  flushSync(() => root.render(render(remove)));
}

/** Open state for such a modal: open at first, closed (as by its close button) when `signal` aborts. */
export function useOpenUntilAborted(signal: AbortSignal | undefined): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    if (!signal) return undefined;
    const close = () => setOpen(false);
    signal.addEventListener('abort', close, { once: true });
    return () => signal.removeEventListener('abort', close);
  }, [signal]);
  return [open, setOpen];
}
