import { autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react';
import clsx from 'clsx';
import {
  useId,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { FocusScope } from 'react-aria/FocusScope';
import { DismissButton, Overlay } from 'react-aria/Overlay';
import { useFilter } from 'react-aria/useFilter';
import { useOverlay } from 'react-aria/useOverlay';
import { useControllableState } from '../../hooks/useControllableState';
import { space } from '../../tokens/generated/tokens';
import { Icon } from '../Icon';
import './RefSelector.css';

/** Texts: the button's and the search field's names, the section headings and the states. */
export const REF_SELECTOR_LABELS = {
  toggle: 'Switch branch/tag',
  search: 'Search by Git revision',
  branches: 'Branches',
  tags: 'Tags',
  loading: 'Loading',
  noResults: 'No matching results',
} as const;

/** The texts a RefSelector shows (REF_SELECTOR_LABELS in English). */
export type RefSelectorLabels = { [Key in keyof typeof REF_SELECTOR_LABELS]: string };

/** Gap in px between the button and the list (`--fk-space-2`). */
export const REF_SELECTOR_OFFSET = space['2'];
/** Smallest distance in px the list keeps from the viewport edges (`--fk-space-3`). */
const VIEWPORT_PADDING = space['3'];

/** What a ref is: a branch or a tag. */
export type RefType = 'branch' | 'tag';

/** A chosen ref. */
export interface GitRef {
  name: string;
  type: RefType;
}

export interface RefSelectorProps extends Omit<ComponentPropsWithoutRef<'div'>, 'onSelect'> {
  /** The current ref's name, shown on the button and marked as selected in the list. */
  value: string;
  /** Branch names, in the order to show them. */
  branches: readonly string[];
  /** Tag names, in the order to show them. */
  tags: readonly string[];
  /** Called with the chosen ref; the list closes. */
  onSelect: (ref: GitRef) => void;
  /**
   * The refs are being fetched (for example, for the search text): the list says so.
   * @default false
   */
  isLoading?: boolean;
  /**
   * Called with the search text as it changes, to search on the server. The given refs are also
   * filtered by it here (case- and accent-insensitive "contains").
   */
  onSearchChange?: (query: string) => void;
  /** Open (controlled). */
  isOpen?: boolean;
  /** Open at first (uncontrolled). @default false */
  defaultOpen?: boolean;
  /** Called when the list opens or closes. */
  onOpenChange?: (isOpen: boolean) => void;
  /** Where the list is portalled. @default document.body */
  portalContainer?: Element;
  /** Texts, for translation. @default REF_SELECTOR_LABELS */
  labels?: RefSelectorLabels;
  ref?: Ref<HTMLDivElement>;
}

interface Option extends GitRef {
  id: string;
}

/**
 * The branch/tag switcher of the repository pages (GitLab's ref selector): a button showing the
 * current ref opens a search field over a list of branches and tags in two sections. Typing
 * filters the list (and calls `onSearchChange`); ArrowDown/ArrowUp move through the results, Home
 * and End jump, Enter or a click chooses one and `onSelect` gets it; Escape, Tab or a click
 * outside closes the list and focus goes back to the button. It follows the combobox pattern:
 * focus stays in the search field and the active option is its `aria-activedescendant`. While
 * `isLoading` the list says 'Loading'; with no result, 'No matching results'.
 */
export function RefSelector({
  value,
  branches,
  tags,
  onSelect,
  isLoading = false,
  onSearchChange,
  isOpen: isOpenProp,
  defaultOpen = false,
  onOpenChange,
  portalContainer,
  labels = REF_SELECTOR_LABELS,
  className,
  ref,
  ...rest
}: RefSelectorProps) {
  const [isOpen, setOpen] = useControllableState({
    value: isOpenProp,
    defaultValue: defaultOpen,
    onChange: onOpenChange,
  });
  const listId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { refs, floatingStyles } = useFloating({
    open: isOpen,
    placement: 'bottom-start',
    strategy: 'fixed',
    middleware: [
      offset(REF_SELECTOR_OFFSET),
      flip({ padding: VIEWPORT_PADDING }),
      shift({ padding: VIEWPORT_PADDING }),
    ],
    whileElementsMounted: autoUpdate,
  });

  const close = () => setOpen(false);
  return (
    <div {...rest} ref={ref} className={clsx('fk-ref-selector', className)} data-component="RefSelector">
      <button
        type="button"
        ref={(node) => {
          triggerRef.current = node;
          refs.setReference(node);
        }}
        className="fk-ref-selector__toggle"
        aria-label={`${labels.toggle}: ${value}`}
        aria-haspopup="listbox"
        aria-expanded={isOpen}
        aria-controls={isOpen ? listId : undefined}
        data-state={isOpen ? 'open' : 'closed'}
        onClick={() => setOpen(!isOpen)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !isOpen) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <Icon name={tags.includes(value) && !branches.includes(value) ? 'tag' : 'branch'} />
        <span className="fk-ref-selector__value">{value}</span>
        <Icon name="chevron-down" />
      </button>
      {isOpen ? (
        <Overlay portalContainer={portalContainer}>
          <RefSelectorPanel
            listId={listId}
            value={value}
            branches={branches}
            tags={tags}
            isLoading={isLoading}
            labels={labels}
            floatingRef={refs.setFloating}
            floatingStyle={floatingStyles}
            onSearchChange={onSearchChange}
            onClose={close}
            onEscape={() => {
              close();
              triggerRef.current?.focus();
            }}
            onSelect={(gitRef) => {
              close();
              triggerRef.current?.focus();
              onSelect(gitRef);
            }}
          />
        </Overlay>
      ) : null}
    </div>
  );
}

interface RefSelectorPanelProps {
  listId: string;
  value: string;
  branches: readonly string[];
  tags: readonly string[];
  isLoading: boolean;
  labels: RefSelectorLabels;
  floatingRef: (node: HTMLElement | null) => void;
  floatingStyle: CSSProperties;
  onSearchChange?: (query: string) => void;
  onClose: () => void;
  /** Closes and gives focus back to the button (a click outside leaves focus where it went). */
  onEscape: () => void;
  onSelect: (ref: GitRef) => void;
}

/** The open list: dismissed by Escape, a click outside (the button included) or focus leaving. */
function RefSelectorPanel({
  listId,
  value,
  branches,
  tags,
  isLoading,
  labels,
  floatingRef,
  floatingStyle,
  onSearchChange,
  onClose,
  onEscape,
  onSelect,
}: RefSelectorPanelProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const { overlayProps } = useOverlay(
    { isOpen: true, onClose, isDismissable: true, shouldCloseOnBlur: true },
    panelRef,
  );
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const { contains } = useFilter({ sensitivity: 'base' });
  const idPrefix = useId();

  const matching = (names: readonly string[], type: RefType): Option[] =>
    names
      .filter((name) => contains(name, query.trim()))
      .map((name, index) => ({ name, type, id: `${idPrefix}-${type}-${index}` }));
  const sections = [
    { type: 'branch' as const, heading: labels.branches, options: matching(branches, 'branch') },
    { type: 'tag' as const, heading: labels.tags, options: matching(tags, 'tag') },
  ].filter((section) => section.options.length > 0);
  const options = sections.flatMap((section) => section.options);
  const activeIndex = Math.min(active, options.length - 1);
  const activeOption = activeIndex >= 0 ? options[activeIndex] : undefined;

  const moveTo = (index: number) => {
    setActive(index);
    // Optional: not every DOM (jsdom) implements it.
    document.getElementById(options[index]?.id ?? '')?.scrollIntoView?.({ block: 'nearest' });
  };

  const choose = ({ name, type }: Option) => onSelect({ name, type });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    const moves: Record<string, () => void> = {
      ArrowDown: () => moveTo(activeIndex >= last ? 0 : activeIndex + 1),
      ArrowUp: () => moveTo(activeIndex <= 0 ? last : activeIndex - 1),
      Home: () => moveTo(0),
      End: () => moveTo(last),
      Enter: () => {
        if (activeOption) choose(activeOption);
      },
      Escape: onEscape,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  let status: ReactNode = null;
  if (isLoading) status = labels.loading;
  else if (options.length === 0) status = labels.noResults;

  return (
    <div
      {...overlayProps}
      ref={(node) => {
        panelRef.current = node;
        floatingRef(node);
      }}
      className="fk-ref-selector__panel"
      data-component="RefSelector.Panel"
      data-state="open"
      style={floatingStyle}
    >
      {/* The search field takes focus on open (the combobox pattern); it goes back to the button on close. */}
      {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
      <FocusScope restoreFocus autoFocus contain>
        <DismissButton onDismiss={onClose} />
        <div className="fk-ref-selector__search">
          <Icon name="search" className="fk-ref-selector__search-icon" />
          <input
            type="search"
            className="fk-ref-selector__input"
            role="combobox"
            aria-label={labels.search}
            placeholder={labels.search}
            aria-expanded
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeOption?.id}
            autoComplete="off"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
              onSearchChange?.(event.target.value);
            }}
            onKeyDown={onKeyDown}
          />
        </div>
        <div
          role="listbox"
          id={listId}
          aria-label={labels.toggle}
          aria-busy={isLoading || undefined}
          className="fk-ref-selector__list"
          data-component="RefSelector.List"
        >
          {sections.map((section) => (
            <div
              key={section.type}
              role="group"
              aria-labelledby={`${idPrefix}-${section.type}`}
              className="fk-ref-selector__group"
            >
              <div id={`${idPrefix}-${section.type}`} className="fk-ref-selector__heading">
                {section.heading}
              </div>
              {section.options.map((option) => (
                // Keyboard users act through the search field (aria-activedescendant); options take clicks.
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                <div
                  key={option.id}
                  id={option.id}
                  role="option"
                  tabIndex={-1}
                  aria-selected={option.name === value}
                  className="fk-ref-selector__option"
                  data-component="RefSelector.Option"
                  data-active={option === activeOption || undefined}
                  onPointerMove={() => setActive(options.indexOf(option))}
                  onClick={() => choose(option)}
                >
                  <Icon name="check" className="fk-ref-selector__check" />
                  <span className="fk-ref-selector__name">{option.name}</span>
                </div>
              ))}
            </div>
          ))}
        </div>
        {/* Always there, so the change to 'Loading' or 'No matching results' is announced. */}
        <div role="status" className="fk-ref-selector__status" data-component="RefSelector.Status">
          {status}
        </div>
        <DismissButton onDismiss={onClose} />
      </FocusScope>
    </div>
  );
}
