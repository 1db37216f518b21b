// The warning and error alerts the math enhancer puts above a block's source, each an Alert in its
// own small React root inside the rendered Markdown.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { Alert, type AlertAction, type AlertVariant } from '../../../components/Alert';

export interface MathAlertProps {
  variant: AlertVariant;
  message: string;
  action?: AlertAction;
}

export interface MountedMathAlert {
  /** The element holding the alert (first child of the math wrapper). */
  container: HTMLElement;
  /** Removes the alert now and unmounts its root. Idempotent. */
  remove(): void;
}

/**
 * Mounts an Alert as the first child of `wrapper`, replacing any alert left there. The container
 * leaves the DOM at once on `remove()`; its root is unmounted a microtask later, because
 * `remove()` may run inside a React effect cleanup (the `<Markdown>` component's dispose), where
 * unmounting another root synchronously is not allowed.
 */
export function mountMathAlert(wrapper: HTMLElement, { variant, message, action }: MathAlertProps): MountedMathAlert {
  for (const stale of wrapper.querySelectorAll(':scope > .fk-math__alert')) stale.remove();
  const container = wrapper.ownerDocument.createElement(wrapper.localName === 'div' ? 'div' : 'span');
  container.className = 'fk-math__alert';
  container.dataset.component = 'Math.Alert';
  wrapper.prepend(container);
  const root = createRoot(container);
  root.render(createElement(Alert, { variant, primaryAction: action }, message));
  let removed = false;
  return {
    container,
    remove() {
      if (removed) return;
      removed = true;
      container.remove();
      queueMicrotask(() => root.unmount());
    },
  };
}
