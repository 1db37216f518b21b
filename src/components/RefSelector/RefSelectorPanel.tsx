import { autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { FocusScope } from 'react-aria/FocusScope';
import { DismissButton, Overlay } from 'react-aria/Overlay';
import { useFilter } from 'react-aria/useFilter';
import { useOverlay } from 'react-aria/useOverlay';
import { space } from '../../tokens/generated/tokens';
import { Icon } from '../Icon';
import { REF_SELECTOR_OFFSET, type GitRef, type RefSelectorLabels, type RefType } from './types';

/** Smallest distance in px the list keeps from the viewport edges (`--fk-space-3`). */
const VIEWPORT_PADDING = space['3'];

interface Option extends GitRef {
  id: string;
}

/** The open list of a RefSelector (loaded on demand by it; not part of the public API). */
export interface RefSelectorPanelProps {
  listId: string;
  /** The RefSelector's button: the list is placed under it. */
  trigger: RefObject<HTMLButtonElement | null>;
  portalContainer?: Element;
  value: string;
  branches: readonly string[];
  tags: readonly string[];
  isLoading: boolean;
  labels: RefSelectorLabels;
  onSearchChange?: (query: string) => void;
  onClose: () => void;
  /** Closes and gives focus back to the button (a click outside leaves focus where it went). */
  onEscape: () => void;
  onSelect: (ref: GitRef) => void;
}

/**
 * The open list, portalled and placed under the button: dismissed by Escape, a click outside (the
 * button included) or focus leaving.
 */
export function RefSelectorPanel({ portalContainer, ...props }: RefSelectorPanelProps) {
  return (
    <Overlay portalContainer={portalContainer}>
      <RefSelectorList {...props} />
    </Overlay>
  );
}

function RefSelectorList({
  listId,
  trigger,
  value,
  branches,
  tags,
  isLoading,
  labels,
  onSearchChange,
  onClose,
  onEscape,
  onSelect,
}: Omit<RefSelectorPanelProps, 'portalContainer'>) {
  const panelRef = useRef<HTMLDivElement>(null);
  const { refs, floatingStyles } = useFloating({
    open: true,
    elements: { reference: trigger.current },
    placement: 'bottom-start',
    strategy: 'fixed',
    middleware: [
      offset(REF_SELECTOR_OFFSET),
      flip({ padding: VIEWPORT_PADDING }),
      shift({ padding: VIEWPORT_PADDING }),
    ],
    whileElementsMounted: autoUpdate,
  });
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
        refs.setFloating(node);
      }}
      className="fk-ref-selector__panel"
      data-component="RefSelector.Panel"
      data-state="open"
      style={floatingStyles}
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
