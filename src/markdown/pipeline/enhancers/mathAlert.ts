// The warning and error alerts the math enhancer puts above a block's source, each an Alert in its
// own island inside the rendered Markdown.
import { createElement } from 'react';
import { Alert, type AlertAction, type AlertVariant } from '../../../components/Alert';
import { mountIsland, type Island } from '../reactIsland';
import type { EnhancerContext } from '../types';

export interface MathAlertProps {
  /** `danger` for a render error, `warning` for a size or time limit. */
  variant: Extract<AlertVariant, 'danger' | 'warning'>;
  message: string;
  action?: AlertAction;
}

/**
 * The live-region role of each math alert: only an error interrupts a screen reader; a limit
 * warning (too long, too slow) is announced politely, as it asks for nothing urgent.
 */
export const MATH_ALERT_ROLES = { danger: 'alert', warning: 'status' } as const satisfies Record<
  MathAlertProps['variant'],
  'alert' | 'status'
>;

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
    createElement(Alert, { variant, role: MATH_ALERT_ROLES[variant], primaryAction: action }, message),
    wrapper.localName === 'div' ? 'div' : 'span',
  );
}
