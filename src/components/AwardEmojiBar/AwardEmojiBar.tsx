import clsx from 'clsx';
import {
  createElement,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type Ref,
} from 'react';
import { defineGlEmoji } from '../../emoji/glEmoji';
import type { InitEmojiMapOptions } from '../../emoji/store';
import { useMergedRefs } from '../../hooks/useMergedRefs';
import { addDelimiter } from '../../utils/number';
import { createAlert } from '../Alert/createAlert';
import { useEmojiInitOptions } from '../DataProvider/DataProvider';
import type { EmojiPickerProps } from '../EmojiPicker/EmojiPicker';
import { Tooltip } from '../Tooltip';
import {
  applyAwardChanges,
  awardButtonLabel,
  DEFAULT_AWARDS,
  formatAwardTooltip,
  groupAwards,
  type Award,
  type AwardUserId,
} from './awards';
import { AddReactionButton } from './AddReactionButton';
import './AwardEmojiBar.css';

/** Accessible name of the bar (a group of buttons). */
export const AWARD_EMOJI_BAR_LABEL = 'Reactions';
/** Label of the button that opens the emoji picker. */
export const ADD_REACTION_LABEL = 'Add reaction';
/**
 * Alert shown when the adapter rejects and there is no `onError` (GitLab's notes show the same
 * kind of alert when toggling an award fails).
 */
export const AWARD_TOGGLE_ERROR_MESSAGE = 'Something went wrong while updating your reaction. Please try again.';

/**
 * `<gl-emoji data-name>`, empty: the element draws the emoji into itself once the emoji map is
 * loaded, so React must not own its children (no React children, nothing compared on hydration).
 * It starts empty rather than with `:name:` text: the element keeps content it did not write for a
 * name it does not know, and an award with an unknown name must show grey_question (spec section 4).
 * Hidden from assistive technology: the button carries the name.
 */
const EMPTY_HTML = { __html: '' };
function GlEmojiTag({ name }: { name: string }) {
  return createElement('gl-emoji', {
    className: 'fk-award-emoji-bar__emoji',
    'data-name': name,
    'aria-hidden': 'true',
    dangerouslySetInnerHTML: EMPTY_HTML,
    suppressHydrationWarning: true,
  });
}
/** What a toggle asked for and whether it has been confirmed. */
interface AwardChange {
  /** Whether the current user's award should be there. */
  awarded: boolean;
  /** True until the adapter settles. */
  isPending: boolean;
}

export interface AwardEmojiBarProps extends Omit<
  ComponentPropsWithoutRef<'div'>,
  'children' | 'onToggle' | 'onError' | 'role'
> {
  /** Every award of the issue, merge request or note, in the order they were given. */
  awards: readonly Award[];
  /**
   * The signed-in user. Without one the bar is read-only: no toggling, no add-reaction button,
   * tooltips still list who reacted.
   */
  currentUserId?: AwardUserId | null;
  /**
   * Emoji shown even when nobody has reacted with them (count 0). Thumbs up and thumbs down always
   * come first when present.
   * @default ['thumbsup', 'thumbsdown']
   */
  defaultAwards?: readonly string[];
  /**
   * The adapter that saves a toggle: `awarded` is true to add the current user's award of `name`,
   * false to remove it. The bar shows the change at once and takes it back if this rejects (or
   * throws). Keep `awards` up to date from the server afterwards; the confirmed change is shown
   * until `awards` changes.
   */
  onToggle: (name: string, awarded: boolean) => Promise<void> | void;
  /**
   * Called when `onToggle` fails, after the change has been taken back.
   * @default shows an alert with `AWARD_TOGGLE_ERROR_MESSAGE` in the page's flash container
   */
  onError?: (error: unknown, change: { name: string; awarded: boolean }) => void;
  /**
   * The current user may not react here (a locked discussion, an archived project): buttons show
   * and explain, but do not toggle.
   * @default false
   */
  isReadOnly?: boolean;
  /**
   * Label (and tooltip) of the button that opens the emoji picker.
   * @default 'Add reaction'
   */
  addReactionLabel?: string;
  /**
   * Options for the emoji map (data source, custom emoji, support test), passed to the
   * `<gl-emoji>` element (defined on mount when the page has not) and to the picker.
   * @default the `DataProvider`'s custom emoji adapter, else the product paths
   *   (`/-/emojis/3/emojis.json`, custom emoji of the page's group)
   */
  initOptions?: InitEmojiMapOptions;
  /**
   * More props of the add-reaction `EmojiPicker` (`open`/`defaultOpen`/`onOpenChange`,
   * `placement`, `container`, ...).
   */
  emojiPickerProps?: Omit<EmojiPickerProps, 'onSelect' | 'toggleLabel' | 'initOptions'>;
  /**
   * Where the tooltips are portalled.
   * @default document.body
   */
  tooltipContainer?: Element | null;
  ref?: Ref<HTMLDivElement>;
}

/**
 * The award emoji under an issue, merge request or note (GitLab's awards list): one button per
 * emoji with its count, thumbs up and down first; a tooltip lists who reacted ('You, Ada and 3
 * others'); the current user's awards are pressed and toggle on click, saved through `onToggle`
 * with an optimistic update and a rollback on failure.
 */
export function AwardEmojiBar({
  awards,
  currentUserId,
  defaultAwards = DEFAULT_AWARDS,
  onToggle,
  onError,
  isReadOnly = false,
  addReactionLabel = ADD_REACTION_LABEL,
  initOptions: initOptionsProp,
  emojiPickerProps,
  tooltipContainer,
  className,
  ref,
  'aria-label': ariaLabel,
  ...rest
}: AwardEmojiBarProps) {
  const providerEmojiOptions = useEmojiInitOptions();
  const initOptions = initOptionsProp ?? providerEmojiOptions;
  const canAward = !isReadOnly && currentUserId !== null && currentUserId !== undefined;

  useEffect(() => {
    defineGlEmoji(initOptions);
  }, [initOptions]);

  // The current user's changes not yet reflected in `awards`. Confirmed ones are dropped when the
  // awards change (the server's word wins); pending ones stay until their request settles.
  const [changes, setChanges] = useState<ReadonlyMap<string, AwardChange>>(() => new Map());
  const awardsSignature = awards.map((award) => `${award.name}\u0000${award.user.id}`).join('\u0001');
  const [seenSignature, setSeenSignature] = useState(awardsSignature);
  if (seenSignature !== awardsSignature) {
    setSeenSignature(awardsSignature);
    setChanges((current) => new Map([...current].filter(([, change]) => change.isPending)));
  }

  const signatureRef = useRef(awardsSignature);
  useEffect(() => {
    signatureRef.current = awardsSignature;
  }, [awardsSignature]);

  const groups = useMemo(() => {
    const wanted = new Map([...changes].map(([name, change]) => [name, change.awarded]));
    return groupAwards(applyAwardChanges(awards, wanted, currentUserId), { defaultAwards, currentUserId });
  }, [awards, changes, currentUserId, defaultAwards]);

  const root = useRef<HTMLDivElement>(null);
  const mergedRef = useMergedRefs(root, ref);
  /** Index of the button last pressed, to keep focus in the bar if that button goes away. */
  const pressedIndex = useRef<number | null>(null);

  const settle = useCallback((name: string, change: AwardChange | null) => {
    setChanges((current) => {
      const next = new Map(current);
      if (change) next.set(name, change);
      else next.delete(name);
      return next;
    });
  }, []);

  /** Asks the adapter for a change, showing it at once. `index`: the pressed button's, if any. */
  const toggle = (name: string, awarded: boolean, index: number | null = null) => {
    // One request per emoji at a time: a second click waits for the first to settle.
    if (!canAward || changes.get(name)?.isPending) return;
    pressedIndex.current = index;
    // A failure goes back to what was shown before: an earlier confirmed change of this emoji too,
    // unless the awards have changed since (then they say what is true).
    const previous = changes.get(name) ?? null;
    const signatureThen = awardsSignature;
    settle(name, { awarded, isPending: true });
    let result: Promise<void> | void;
    try {
      result = onToggle(name, awarded);
    } catch (error) {
      result = Promise.reject(error);
    }
    Promise.resolve(result).then(
      () => settle(name, { awarded, isPending: false }),
      (error: unknown) => {
        settle(name, signatureRef.current === signatureThen ? previous : null);
        if (onError) {
          onError(error, { name, awarded });
          return;
        }
        try {
          createAlert({ message: AWARD_TOGGLE_ERROR_MESSAGE });
        } catch {
          console.error(`forgekit: ${AWARD_TOGGLE_ERROR_MESSAGE}`, error);
        }
      },
    );
  };

  /** An emoji picked in the picker: awarded, unless the current user already has (no double award). */
  const pick = (name: string) => {
    if (groups.some((group) => group.name === name && group.isAwardedByCurrentUser)) return;
    toggle(name, true);
  };

  // A button whose last award was just taken away disappears (unless it is a default award); the
  // focus it had moves to the button now in its place, not to the page.
  useEffect(() => {
    const index = pressedIndex.current;
    pressedIndex.current = null;
    if (index === null || (document.activeElement && document.activeElement !== document.body)) return;
    const buttons = root.current?.querySelectorAll<HTMLElement>('button') ?? [];
    buttons[Math.min(index, buttons.length - 1)]?.focus();
  }, [groups]);

  return (
    <div
      {...rest}
      ref={mergedRef}
      role="group"
      aria-label={ariaLabel ?? (rest['aria-labelledby'] ? undefined : AWARD_EMOJI_BAR_LABEL)}
      className={clsx('fk-award-emoji-bar', className)}
      data-component="AwardEmojiBar"
      data-state={canAward ? 'interactive' : 'read-only'}
    >
      {groups.map((group, index) => {
        const countText = addDelimiter(group.users.length);
        return (
          <Tooltip
            key={group.name}
            content={formatAwardTooltip(group.users, currentUserId)}
            container={tooltipContainer}
          >
            <button
              type="button"
              className="fk-award-emoji-bar__button"
              data-component="AwardEmojiBar.Button"
              data-emoji-name={group.name}
              aria-label={awardButtonLabel(group.name, countText)}
              aria-pressed={group.isAwardedByCurrentUser}
              aria-disabled={canAward ? undefined : true}
              onClick={() => toggle(group.name, !group.isAwardedByCurrentUser, index)}
            >
              <GlEmojiTag name={group.name} />
              <span className="fk-award-emoji-bar__count" data-component="AwardEmojiBar.Count">
                {countText}
              </span>
            </button>
          </Tooltip>
        );
      })}
      {canAward ? (
        <AddReactionButton
          label={addReactionLabel}
          onSelect={pick}
          initOptions={initOptions}
          pickerProps={emojiPickerProps}
        />
      ) : null}
    </div>
  );
}
