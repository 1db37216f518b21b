import clsx from 'clsx';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  MAX_WORK_ITEMS_AT_ONCE,
  MAX_WORK_ITEMS_HINT,
  NO_MATCHES_FOUND_MESSAGE,
  TOO_MANY_WORK_ITEMS_MESSAGE,
  WORK_ITEM_TYPES,
} from '../../utils/workItems';
import { Icon, type IconName } from '../Icon';
import { SkeletonLoader } from '../SkeletonLoader';
import type { WorkItemLinkItem } from './workItemLinks';
import './WorkItemSearch.css';

/** Milliseconds between the last keystroke and the search (GitLab's `SEARCH_DEBOUNCE`). */
export const WORK_ITEM_SEARCH_DEBOUNCE = 500;

export interface WorkItemSearchProps {
  /** The field's label, e.g. 'the following items'. */
  label: string;
  /** The picked items (controlled). */
  value: readonly WorkItemLinkItem[];
  onChange: (next: WorkItemLinkItem[]) => void;
  /** Finds items matching the text (empty on focus: recent items). Rejections show no matches. */
  onSearch: (query: string) => Promise<readonly WorkItemLinkItem[]>;
  /** Ids never offered (the item itself, items already linked). */
  excludeIds?: readonly string[];
  /**
   * How many items may be picked; one more is refused with `Only 10 items can be added at a time.`
   * @default MAX_WORK_ITEMS_AT_ONCE (10)
   */
  maxItems?: number;
  /** @default WORK_ITEM_SEARCH_DEBOUNCE (500) */
  searchDelay?: number;
  /** Marks the field invalid (e.g. a picked item cannot be added). @default false */
  isInvalid?: boolean;
  /** Focus the text field on mount (a form opened on the user's request). @default false */
  focusOnMount?: boolean;
  className?: string;
}

/**
 * A token-style multi-select of work items (GitLab's `WorkItemTokenInput`): type to search, pick
 * with Enter or a click, remove a token with its button or Backspace in the empty field. Follows
 * the ARIA combobox pattern (the list's active option through `aria-activedescendant`).
 */
export function WorkItemSearch({
  label,
  value,
  onChange,
  onSearch,
  excludeIds = [],
  maxItems = MAX_WORK_ITEMS_AT_ONCE,
  searchDelay = WORK_ITEM_SEARCH_DEBOUNCE,
  isInvalid = false,
  focusOnMount = false,
  className,
}: WorkItemSearchProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [isOpen, setOpen] = useState(false);
  const [isSearching, setSearching] = useState(false);
  const [results, setResults] = useState<readonly WorkItemLinkItem[]>([]);
  const [active, setActive] = useState(0);
  const [isRefused, setRefused] = useState(false);
  const latest = useRef(0);
  const inputRef = useRef<HTMLInputElement>(null);

  const hidden = new Set([...excludeIds, ...value.map((item) => item.id)]);
  const options = results.filter((item) => !hidden.has(item.id));

  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (focusOnMount) inputRef.current?.focus();
  }, [focusOnMount]);
  /** Searches `text` after the debounce; only the latest request's answer is shown. */
  const search = (text: string) => {
    clearTimeout(timer.current);
    const request = ++latest.current;
    setSearching(true);
    timer.current = setTimeout(() => {
      onSearch(text)
        .then(
          (found) => request === latest.current && (setResults(found), setActive(0)),
          () => request === latest.current && setResults([]),
        )
        .finally(() => request === latest.current && setSearching(false));
    }, searchDelay);
  };

  const pick = (item: WorkItemLinkItem) => {
    if (value.length >= maxItems) {
      setRefused(true);
      return;
    }
    setRefused(false);
    onChange([...value, item]);
    setQuery('');
  };
  const unpick = (item: WorkItemLinkItem) => {
    setRefused(false);
    onChange(value.filter((picked) => picked.id !== item.id));
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!isOpen) {
        setOpen(true);
        search(query);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (options.length ? (current + step + options.length) % options.length : 0));
    } else if (event.key === 'Enter' && isOpen && options[active]) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      setOpen(false);
    } else if (event.key === 'Backspace' && query === '') {
      const last = value.at(-1);
      if (last) unpick(last);
    }
  };

  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const showList = isOpen && (isSearching || options.length > 0 || query !== '');
  return (
    <div className={clsx('fk-work-item-search', className)} data-component="WorkItemSearch">
      <label className="fk-work-item-search__label" htmlFor={`${id}-input`}>
        {label}
      </label>
      {/* The results overlay what follows: a list in the flow would move the form's buttons away
          from the pointer when it closes on the field's blur, and swallow that click. */}
      <div className="fk-work-item-search__box">
        <div className="fk-work-item-search__field" data-invalid={isInvalid || isRefused || undefined}>
          {value.length > 0 ? (
            <ul className="fk-work-item-search__tokens" aria-label={label}>
              {value.map((item) => (
                <li key={item.id} className="fk-work-item-search__token">
                  <Icon name={WORK_ITEM_TYPES[item.type].icon as IconName} size={14} />
                  <span>{item.title}</span>
                  <button
                    type="button"
                    className="fk-work-item-search__remove"
                    aria-label={`Remove ${item.title}`}
                    onClick={() => unpick(item)}
                  >
                    <Icon name="close-xs" size={12} />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <input
            ref={inputRef}
            id={`${id}-input`}
            className="fk-work-item-search__input"
            role="combobox"
            aria-expanded={showList}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={showList && options[active] ? optionId(active) : undefined}
            aria-describedby={`${id}-hint`}
            aria-invalid={isInvalid || isRefused || undefined}
            autoComplete="off"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setOpen(true);
              search(event.target.value);
            }}
            onFocus={() => {
              setOpen(true);
              search(query);
            }}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
          />
        </div>
        <ul id={listId} role="listbox" aria-label={label} className="fk-work-item-search__list" hidden={!showList}>
          {isSearching ? (
            <li role="presentation">
              <SkeletonLoader lines={1} />
            </li>
          ) : options.length === 0 ? (
            <li role="presentation" className="fk-work-item-search__none">
              {NO_MATCHES_FOUND_MESSAGE}
            </li>
          ) : (
            options.map((item, index) => (
              // The keyboard reaches options through the field (aria-activedescendant): the combobox pattern.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={item.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className="fk-work-item-search__option"
                // Keeps focus in the field: the option is picked on click, not focused.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(item)}
              >
                <Icon name={WORK_ITEM_TYPES[item.type].icon as IconName} label={WORK_ITEM_TYPES[item.type].label} />
                <span className="fk-work-item-search__title">{item.title}</span>
                <span className="fk-work-item-search__reference">{item.reference}</span>
              </li>
            ))
          )}
        </ul>
      </div>
      {isRefused ? (
        <p role="alert" className="fk-work-item-search__error">
          {TOO_MANY_WORK_ITEMS_MESSAGE}
        </p>
      ) : null}
      <p id={`${id}-hint`} className="fk-work-item-search__hint">
        {MAX_WORK_ITEMS_HINT}
      </p>
    </div>
  );
}
