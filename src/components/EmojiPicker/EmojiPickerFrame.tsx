/**
 * What the picker shows around and before its grid: the panel-sized frame (so the popover does not
 * jump when the grid arrives), the loading state and the error state with a retry. Light on
 * purpose: it shows while the panel's code loads (EmojiPickerPanel.tsx) and while the emoji load
 * (EmojiPickerContent.tsx).
 */
import clsx from 'clsx';
import { useEffect, useState, type ComponentPropsWithoutRef, type Ref } from 'react';
import { Button } from '../Button';
import { Icon } from '../Icon';
import { SkeletonLoader } from '../SkeletonLoader';
import {
  EMOJI_PICKER_LOAD_ERROR_TITLE,
  EMOJI_PICKER_LOADING_DELAY,
  EMOJI_PICKER_LOADING_LABEL,
  EMOJI_PICKER_RETRY_LABEL,
  EMOJI_GRID_WIDTH,
} from './constants';
import './EmojiPicker.css';

/** The panel's states, as `data-state` of its root. */
export type EmojiPickerPanelState = 'loading' | 'error' | 'ready';

export interface EmojiPickerFrameProps extends ComponentPropsWithoutRef<'div'> {
  state: EmojiPickerPanelState;
  ref?: Ref<HTMLDivElement>;
}

/**
 * The panel's root element in every state, `--fk-emoji-picker-height` high (its body sets the
 * width). It can hold focus (tabIndex -1), so focus has somewhere to stay while one state
 * replaces the focused element of another.
 */
export function EmojiPickerFrame({ state, className, children, ref, ...rest }: EmojiPickerFrameProps) {
  return (
    <div
      tabIndex={-1}
      {...rest}
      ref={ref}
      className={clsx('fk-emoji-picker-panel', className)}
      data-component="EmojiPickerPanel"
      data-state={state}
    >
      {children}
    </div>
  );
}

/**
 * The scrolling area under the search box and tabs, in every state: at least the grid's width
 * (EMOJIS_PER_ROW cells of EMOJI_ROW_HEIGHT px) plus the scrollbar gutter, so the panel keeps its
 * size from loading to ready.
 */
export function EmojiPickerBody({
  className,
  children,
  ref,
  ...rest
}: ComponentPropsWithoutRef<'div'> & { ref?: Ref<HTMLDivElement> }) {
  return (
    <div {...rest} ref={ref} className={clsx('fk-emoji-picker-panel__body', className)}>
      <div className="fk-emoji-picker-panel__sizer" style={{ inlineSize: EMOJI_GRID_WIDTH }} aria-hidden="true" />
      {children}
    </div>
  );
}

/** True once `delay` ms have passed since mount (never on the server). */
function useElapsed(delay: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setElapsed(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  return elapsed;
}

/** The loading state: nothing for EMOJI_PICKER_LOADING_DELAY ms, then a skeleton announced as 'Loading emoji'. */
export function EmojiPickerLoading() {
  const isShown = useElapsed(EMOJI_PICKER_LOADING_DELAY);
  return (
    <EmojiPickerBody>
      <div className="fk-emoji-picker-panel__loading" data-component="EmojiPickerPanel.Loading">
        {isShown ? <SkeletonLoader label={EMOJI_PICKER_LOADING_LABEL} /> : null}
      </div>
    </EmojiPickerBody>
  );
}

/** The message of whatever was thrown (an Error of another realm too: a frame's, a test runner's). */
function errorMessage(error: unknown): string {
  if (typeof error === 'string') return error;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : '';
}

export interface EmojiPickerErrorProps {
  error: unknown;
  /** Loads again. */
  onRetry: () => void;
}

/** The error state: a title, the error's message and a button that loads again. */
export function EmojiPickerError({ error, onRetry }: EmojiPickerErrorProps) {
  const message = errorMessage(error);
  return (
    <EmojiPickerBody>
      <div className="fk-emoji-picker-panel__error" data-component="EmojiPickerPanel.Error" role="alert">
        <Icon name="error" className="fk-emoji-picker-panel__error-icon" />
        <p className="fk-emoji-picker-panel__error-title">{EMOJI_PICKER_LOAD_ERROR_TITLE}</p>
        {message ? <p className="fk-emoji-picker-panel__error-message">{message}</p> : null}
        <Button onClick={onRetry}>{EMOJI_PICKER_RETRY_LABEL}</Button>
      </div>
    </EmojiPickerBody>
  );
}
