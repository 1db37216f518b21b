// The warning and error alerts the math enhancer puts above a block's source, each an Alert in its
// own island inside the rendered Markdown.
import { createElement } from 'react';
import { Alert, type AlertAction, type AlertVariant } from '../../../components/Alert';
import { mountIsland, type Island } from '../reactIsland';
import type { EnhancerContext } from '../types';

export interface MathAlertProps {
  variant: AlertVariant;
  message: string;
  action?: AlertAction;
}

/**
 * Mounts an Alert as the first child of `wrapper`, replacing any alert left there. Removed on
 * 'Display anyway' and when the run is disposed.
 */
export function mountMathAlert(
  wrapper: HTMLElement,
  { variant, message, action }: MathAlertProps,
  context: EnhancerContext,
): Island {
  for (const stale of wrapper.querySelectorAll(':scope > .fk-math__alert')) stale.remove();
  return mountIsland(
    context,
    (host) => {
      host.className = 'fk-math__alert';
      host.dataset.component = 'Math.Alert';
      wrapper.prepend(host);
    },
    createElement(Alert, { variant, primaryAction: action }, message),
    wrapper.localName === 'div' ? 'div' : 'span',
  );
}
