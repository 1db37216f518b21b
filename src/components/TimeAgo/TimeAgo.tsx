import clsx from 'clsx';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type ComponentPropsWithoutRef,
  type PointerEvent,
  type Ref,
} from 'react';
import { lazyModule, useLazyModule } from '../../hooks/useLazyModule';
import { useMergedRefs } from '../../hooks/useMergedRefs';
import {
  formatDate,
  formatDateTime,
  INVALID_DATE_MESSAGE,
  isValidDate,
  toDate,
  type DateInput,
  type TimeDisplayFormat,
} from '../../utils/date';
import { formatTimeAgo, type TimeAgoForm } from '../../utils/timeAgo';
// Types only (erased): the tooltip's code (react-aria's tooltip trigger, floating-ui) loads on the
// first hover of any TimeAgo, so a page of dates carries none of it until then.
import type * as TooltipModule from '../Tooltip';
import { subscribeToTimeAgoTick } from './timeAgoTicker';
import './TimeAgo.css';

/** What TimeAgo shows: the relative text ('3 minutes ago') or the exact date and time. */
export const TIME_AGO_DISPLAYS = ['relative', 'absolute'] as const;
export type TimeAgoDisplay = (typeof TIME_AGO_DISPLAYS)[number];

/**
 * The time zone of the text rendered before the component has mounted (on the server and during
 * hydration) when no `timeZone` is given: the server cannot know the user's zone, and the first
 * client render must match the server's HTML.
 */
export const TIME_AGO_SERVER_TIME_ZONE = 'UTC';

export interface TimeAgoProps extends Omit<ComponentPropsWithoutRef<'time'>, 'children' | 'dateTime'> {
  /**
   * The moment: a `Date`, a timestamp in ms or a date string (ISO 8601). An unreadable date shows
   * 'Invalid date' and logs a `console.error`.
   */
  date: DateInput;
  /**
   * `relative`: '3 minutes ago' or 'in 3 minutes'; `remaining`: '3 minutes remaining', 'Past due'
   * once passed; `duration`: '3 minutes' (spec section 9).
   * @default 'relative'
   */
  form?: TimeAgoForm;
  /**
   * `relative` shows the text of `form`, kept current by the page's one shared timer, with the
   * exact date and time as a tooltip; `absolute` shows the exact date and time ('Jan 5, 2026 2:07 PM').
   * @default 'relative'
   */
  display?: TimeAgoDisplay;
  /**
   * A fixed "now" to measure from. With it the text is computed once and never updates: for a
   * server that renders the relative text, for tests and for stories. Without it the text follows the
   * clock after mount; before mount (server and hydration) it is the date ('Jan 5, 2026'). An
   * unreadable `now` throws 'Invalid date'.
   * @default undefined
   */
  now?: DateInput;
  /**
   * IANA time zone of the exact date ('UTC', 'Europe/Berlin'). Before mount, without it, the date
   * is shown in UTC ({@link TIME_AGO_SERVER_TIME_ZONE}), then in the user's zone.
   * @default the user's time zone
   */
  timeZone?: string;
  /**
   * The user's time-display setting for the exact time: 1 for 12-hour, 2 for 24-hour (spec section 9).
   * @default 1
   */
  timeDisplayFormat?: TimeDisplayFormat;
  ref?: Ref<HTMLTimeElement>;
}

const subscribeToNothing = () => () => {};
const noop = () => {};
const getServerSnapshot = () => null;
const getClientMounted = () => true;

/**
 * False on the server and during hydration, true afterwards (and on a client-only mount), without a
 * second render pass of its own: React re-renders once after hydration when the snapshots differ.
 */
function useIsMounted(): boolean {
  return useSyncExternalStore(subscribeToNothing, getClientMounted, getServerSnapshot) !== null;
}

/**
 * The live text, on its own so that a tick re-renders only this text node's component, not the
 * element and its tooltip. Before mount (server render, hydration) it shows `fallback`.
 */
function TimeAgoLiveText({ moment, form, fallback }: { moment: number; form: TimeAgoForm; fallback: string }) {
  const subscribe = useCallback((listener: () => void) => subscribeToTimeAgoTick(listener, moment), [moment]);
  const getText = useCallback(() => formatTimeAgo(moment, { form }), [moment, form]);
  return useSyncExternalStore(subscribe, getText, getServerSnapshot) ?? fallback;
}

const tooltipModule = lazyModule<typeof TooltipModule>(() => import('../Tooltip'));

/**
 * A moment as relative time ('3 minutes ago') in a `<time datetime>` element, with the exact date and
 * time as its tooltip (its code loads when the pointer first enters one, or one takes focus). Every TimeAgo on a page is updated by one shared timer (every second while
 * any of them is under a minute away, else every minute), which stops when none is mounted.
 */
export function TimeAgo({
  date,
  form = 'relative',
  display = 'relative',
  now,
  timeZone,
  timeDisplayFormat,
  className,
  ref,
  ...rest
}: TimeAgoProps) {
  const moment = isValidDate(date) ? toDate(date).getTime() : null;
  const fixedNow = now === undefined ? undefined : toDate(now).getTime();
  const isMounted = useIsMounted();
  const tooltip = useLazyModule(tooltipModule);
  const element = useRef<HTMLTimeElement>(null);
  const timeRef = useMergedRefs(element, ref);
  const replay = useRef<'hover' | 'focus' | null>(null);
  useLayoutEffect(() => {
    const target = element.current;
    const interaction = replay.current;
    replay.current = null;
    if (!tooltip || !target || !interaction) return;
    if (interaction === 'focus') target.focus();
    else target.dispatchEvent(new window.PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' }));
  }, [tooltip]);

  useEffect(() => {
    if (moment === null) console.error(`forgekit TimeAgo: ${INVALID_DATE_MESSAGE}: ${String(date)}`);
  }, [moment, date]);

  // Before mount the user's time zone is unknown (the server has its own): UTC unless one is given.
  const zone = isMounted ? timeZone : (timeZone ?? TIME_AGO_SERVER_TIME_ZONE);
  const exact = useMemo(
    () => (moment === null ? '' : formatDateTime(moment, { timeZone: zone, timeDisplayFormat })),
    [moment, zone, timeDisplayFormat],
  );
  const dateTime = useMemo(() => (moment === null ? undefined : new Date(moment).toISOString()), [moment]);

  const common = {
    ...rest,
    ref: timeRef,
    className: clsx('fk-time-ago', className),
    'data-component': 'TimeAgo',
    'data-display': display,
    'data-form': form,
  };
  if (moment === null) {
    return (
      <time {...common} data-state="invalid">
        {INVALID_DATE_MESSAGE}
      </time>
    );
  }

  if (display === 'absolute') {
    return (
      <time {...common} dateTime={dateTime} data-state="fixed">
        {exact}
      </time>
    );
  }

  const isLive = fixedNow === undefined;
  // Hovered or focused before the tooltip's code arrived: told to the element that replaces this one.
  const startTooltip = (interaction: 'hover' | 'focus') => {
    if (tooltip) return;
    replay.current = interaction;
    tooltipModule.load().catch(noop);
  };
  const endTooltip = (interaction: 'hover' | 'focus', target: HTMLElement) => {
    // Not when React removes the element to replace it.
    if (replay.current === interaction && target.isConnected) replay.current = null;
  };
  const time = (
    <time
      {...common}
      dateTime={dateTime}
      data-state={isLive ? (isMounted ? 'live' : 'pending') : 'fixed'}
      onPointerEnter={(event: PointerEvent<HTMLTimeElement>) => {
        startTooltip('hover');
        rest.onPointerEnter?.(event);
      }}
      onPointerLeave={(event: PointerEvent<HTMLTimeElement>) => {
        endTooltip('hover', event.currentTarget);
        rest.onPointerLeave?.(event);
      }}
      onFocus={(event) => {
        startTooltip('focus');
        rest.onFocus?.(event);
      }}
      onBlur={(event) => {
        endTooltip('focus', event.currentTarget);
        rest.onBlur?.(event);
      }}
    >
      {isLive ? (
        <TimeAgoLiveText moment={moment} form={form} fallback={formatDate(moment, 'mediumDate', { timeZone: zone })} />
      ) : (
        formatTimeAgo(moment, { now: fixedNow, form })
      )}
    </time>
  );
  return tooltip ? <tooltip.Tooltip content={exact}>{time}</tooltip.Tooltip> : time;
}
