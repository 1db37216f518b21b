import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useFilter } from 'react-aria/useFilter';
import { useListBox, useListBoxSection, useOption } from 'react-aria/useListBox';
import { useSearchField } from 'react-aria/useSearchField';
import { Item, Section, useListState, useSearchFieldState, type ListState, type Node } from 'react-stately';
import { NO_MATCHES_FOUND_MESSAGE } from '../../utils/workItems';
import { Button } from '../Button';
import { Icon } from '../Icon';
import { SkeletonLoader } from '../SkeletonLoader';

/** The listbox's own texts: the search field's placeholder and the loading state's name. */
export const WORK_ITEM_LISTBOX_TEXTS = {
  search: 'Search',
  loading: 'Loading',
  noMatches: NO_MATCHES_FOUND_MESSAGE,
} as const;

/** Lines of the skeleton shown while the options load. */
export const WORK_ITEM_LISTBOX_SKELETON_LINES = 3;

/** One choice. */
export interface AttributeOption {
  /** Unique among the options; what the selection holds. */
  key: string;
  /** Plain text: what the search matches and what screen readers read. */
  textValue: string;
  /** What the option shows. @default textValue */
  label?: ReactNode;
}

/** Options under a heading ('Upcoming', a cadence). */
export interface AttributeOptionGroup {
  key: string;
  title: string;
  options: readonly AttributeOption[];
}

export interface WorkItemAttributeListboxProps {
  /** The choices, flat or in groups. */
  options: readonly AttributeOption[] | readonly AttributeOptionGroup[];
  /** One choice applies at once (`single`), or several are ticked then applied (`multiple`). */
  selectionMode: 'single' | 'multiple';
  /** The chosen keys. */
  selectedKeys: readonly string[];
  /** Called with every change of the chosen keys. */
  onSelectionChange: (keys: string[]) => void;
  /** The list's accessible name ('Assignees'). */
  'aria-label': string;
  /** The search field's accessible name ('Search assignees'). */
  searchLabel: string;
  /**
   * Called as the search text changes, to search on the server; the given options are also
   * filtered here (case- and accent-insensitive "contains" on `textValue`, or on the title of the
   * option's group: a search for an iteration cadence keeps its iterations, as GitLab's does).
   * @default undefined
   */
  onSearchChange?: (query: string) => void;
  /** The options are loading: a skeleton stands in for them. @default false */
  isLoading?: boolean;
  /** Shown instead of the list when nothing matches. @default 'No matches found' */
  noMatchesText?: string;
  /** Text of a button that clears the selection and applies ('Clear', 'Unassign'). @default undefined */
  resetLabel?: string;
  /** Called by the reset button. @default undefined */
  onReset?: () => void;
  /** Under the list: links such as 'Create project label'. @default undefined */
  footer?: ReactNode;
}

function isGrouped(
  options: readonly AttributeOption[] | readonly AttributeOptionGroup[],
): options is readonly AttributeOptionGroup[] {
  return options.length > 0 && 'options' in options[0]!;
}

/**
 * The editor of a select attribute (GitLab's `GlCollapsibleListbox` in the sidebar): a search
 * field over a listbox, flat or grouped, single or multiple selection, a loading skeleton and
 * 'No matches found'. The search field has focus first; ArrowDown moves into the list, where the
 * arrow keys, Home, End and typing move, and Space or Enter chooses. Escape is left to the shell
 * (it cancels the edit).
 */
export function WorkItemAttributeListbox({
  options,
  selectionMode,
  selectedKeys,
  onSelectionChange,
  'aria-label': ariaLabel,
  searchLabel,
  onSearchChange,
  isLoading = false,
  noMatchesText = WORK_ITEM_LISTBOX_TEXTS.noMatches,
  resetLabel,
  onReset,
  footer,
}: WorkItemAttributeListboxProps) {
  const [query, setQuery] = useState('');
  const { contains } = useFilter({ sensitivity: 'base' });
  const matches = (option: AttributeOption) => contains(option.textValue, query);
  const groups: readonly AttributeOptionGroup[] = isGrouped(options)
    ? options
        .map((group) => (contains(group.title, query) ? group : { ...group, options: group.options.filter(matches) }))
        .filter((g) => g.options.length)
    : [{ key: '', title: '', options: (options as readonly AttributeOption[]).filter(matches) }];
  const count = groups.reduce((sum, group) => sum + group.options.length, 0);

  const listRef = useRef<HTMLUListElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const searchState = useSearchFieldState({
    value: query,
    onChange: (next) => {
      setQuery(next);
      onSearchChange?.(next);
    },
  });
  const { inputProps } = useSearchField(
    { 'aria-label': searchLabel, placeholder: WORK_ITEM_LISTBOX_TEXTS.search, autoFocus: true },
    searchState,
    searchRef,
  );

  const children = (option: AttributeOption) => (
    <Item key={option.key} textValue={option.textValue}>
      {option.label ?? option.textValue}
    </Item>
  );
  const state = useListState({
    children: isGrouped(options)
      ? groups.map((group) => (
          <Section key={group.key} title={group.title}>
            {group.options.map(children)}
          </Section>
        ))
      : groups[0]!.options.map(children),
    selectionMode,
    disallowEmptySelection: false,
    selectedKeys: new Set(selectedKeys),
    onSelectionChange: (keys) => onSelectionChange(keys === 'all' ? [] : [...keys].map(String)),
  });
  const { listBoxProps } = useListBox(
    { 'aria-label': ariaLabel, escapeKeyBehavior: 'none', shouldFocusWrap: false },
    state,
    listRef,
  );

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Escape belongs to the shell (cancel), not to clearing the search field.
    if (event.key === 'Escape') return;
    if (event.key === 'ArrowDown' && count > 0) {
      event.preventDefault();
      listRef.current?.focus();
      return;
    }
    inputProps.onKeyDown?.(event);
  };

  return (
    <div className="fk-work-item-listbox" data-component="WorkItemAttributeListbox">
      <div className="fk-work-item-listbox__search">
        <Icon name="search" className="fk-work-item-listbox__search-icon" />
        <input
          {...inputProps}
          ref={searchRef}
          className="fk-work-item-listbox__search-input"
          onKeyDown={onSearchKeyDown}
        />
        {resetLabel && onReset ? (
          <Button className="fk-work-item-listbox__reset" onClick={onReset}>
            {resetLabel}
          </Button>
        ) : null}
      </div>
      {isLoading ? (
        <SkeletonLoader lines={WORK_ITEM_LISTBOX_SKELETON_LINES} label={WORK_ITEM_LISTBOX_TEXTS.loading} />
      ) : count === 0 ? (
        <p className="fk-work-item-listbox__empty" role="status">
          {noMatchesText}
        </p>
      ) : null}
      <ul {...listBoxProps} ref={listRef} className="fk-work-item-listbox__list" hidden={isLoading || count === 0}>
        {[...state.collection].map((node) =>
          node.type === 'section' ? (
            <ListboxSection key={node.key} section={node} state={state} />
          ) : (
            <ListboxOption key={node.key} item={node} state={state} />
          ),
        )}
      </ul>
      {footer ? <div className="fk-work-item-listbox__footer">{footer}</div> : null}
    </div>
  );
}

function ListboxSection({ section, state }: { section: Node<unknown>; state: ListState<unknown> }) {
  const { itemProps, headingProps, groupProps } = useListBoxSection({
    heading: section.rendered,
    'aria-label': section['aria-label'],
  });
  return (
    <li {...itemProps} className="fk-work-item-listbox__section">
      <span {...headingProps} className="fk-work-item-listbox__heading">
        {section.rendered}
      </span>
      <ul {...groupProps} className="fk-work-item-listbox__group">
        {[...state.collection.getChildren!(section.key)].map((item) => (
          <ListboxOption key={item.key} item={item} state={state} />
        ))}
      </ul>
    </li>
  );
}

function ListboxOption({ item, state }: { item: Node<unknown>; state: ListState<unknown> }) {
  const ref = useRef<HTMLLIElement>(null);
  const { optionProps, isSelected, isFocusVisible } = useOption({ key: item.key }, state, ref);
  return (
    <li
      {...optionProps}
      ref={ref}
      className="fk-work-item-listbox__option"
      data-focus-visible={isFocusVisible || undefined}
      data-state={isSelected ? 'selected' : undefined}
    >
      <Icon name="check" className="fk-work-item-listbox__check" />
      <span className="fk-work-item-listbox__option-label">{item.rendered}</span>
    </li>
  );
}
