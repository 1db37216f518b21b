import type { MouseEvent } from 'react';
import { Button } from './Button';

/** A button (without `href`) or a link (with `href`) given as data: the actions of alerts and empty states. */
export interface ButtonAction {
  /** The visible label. */
  text: string;
  /** Makes the action a link. */
  href?: string;
  /** Link target; only used with `href`. */
  target?: string;
  /** Link relationship; only used with `href`. */
  rel?: string;
  /** Runs on activation (click, Enter, Space). Call `event.preventDefault()` to stop a link navigating. */
  onClick?: (event: MouseEvent<HTMLElement>) => void;
}

export interface ActionButtonProps {
  action: ButtonAction;
  /** `primary` is drawn filled (`confirm`), `secondary` outlined (`default`). */
  kind: 'primary' | 'secondary';
  /** The owner's class for the action. */
  className?: string;
  /** The owner's stable part name (`data-component`), e.g. `Alert.Action`. */
  part: string;
}

/** Draws a `ButtonAction` as a Button: a link when it has `href`, else a button. */
export function ActionButton({ action, kind, className, part }: ActionButtonProps) {
  const common = {
    className,
    variant: kind === 'primary' ? ('confirm' as const) : ('default' as const),
    'data-component': part,
    'data-kind': kind,
    onClick: action.onClick,
  };
  return action.href !== undefined ? (
    <Button {...common} href={action.href} target={action.target} rel={action.rel}>
      {action.text}
    </Button>
  ) : (
    <Button {...common}>{action.text}</Button>
  );
}
