// The warning and error alerts the math enhancer puts above a block's source, each an Alert in its
// own island inside the rendered Markdown.
import { createElement } from 'react';
import { Alert, type AlertAction, type AlertVariant } from '../../../components/Alert';
import { mountIsland, type Island } from '../reactIsland';

export interface MathAlertProps {
  variant: AlertVariant;
  message: string;
  action?: AlertAction;
}

/**
 * Mounts an Alert as the first child of `wrapper`, replacing any alert left there. The math
 * enhancer removes it itself (on 'Display anyway' and on dispose).
 */
export function mountMathAlert(wrapper: HTMLElement, { variant, message, action }: MathAlertProps): Island {
  for (const stale of wrapper.querySelectorAll(':scope > .fk-math__alert')) stale.remove();
  return mountIsland(
    undefined,
    (host) => {
      host.className = 'fk-math__alert';
      host.dataset.component = 'Math.Alert';
      wrapper.prepend(host);
    },
    createElement(Alert, { variant, primaryAction: action }, message),
    wrapper.localName === 'div' ? 'div' : 'span',
  );
}
