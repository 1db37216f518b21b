import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from '../../utils/storage';
import {
  NOTES_FILTERS,
  NOTES_FILTER_STORAGE_KEY,
  NOTES_SORT_DIRECTIONS,
  NOTES_SORT_STORAGE_KEY,
  type NotesFilter,
  type NotesSortDirection,
} from '../../utils/workItems';
import { filterFromValue } from './discussions';

export interface NotesPreferencesOptions {
  defaultFilter: NotesFilter;
  defaultSort: NotesSortDirection;
  onFilterChange?: (filter: NotesFilter) => void;
  onSortChange?: (sort: NotesSortDirection) => void;
}

// Every mounted activity follows the stored choice: this page's writes and other tabs' (`storage`).
const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}
const notify = () => listeners.forEach((listener) => listener());
const readFilter = () => filterFromValue(readStorage<string>('local', NOTES_FILTER_STORAGE_KEY)) ?? null;
const readSort = () => {
  const stored = readStorage<string>('local', NOTES_SORT_STORAGE_KEY);
  return NOTES_SORT_DIRECTIONS.find((direction) => direction === stored) ?? null;
};
const serverSnapshot = () => null;

/** Calls `report` whenever `value` differs from the last value reported (initially `initial`). */
function useReportChange<T>(value: T, initial: T, report: ((value: T) => void) | undefined) {
  const reported = useRef(initial);
  const latest = useRef(report);
  useEffect(() => {
    latest.current = report;
  });
  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    latest.current?.(value);
  }, [value]);
}

/**
 * The notes filter and sort, remembered in localStorage under `filter_key_work_item` (the GraphQL
 * value, e.g. `ONLY_COMMENTS`) and `sort_direction_work_item` (`asc`, `desc`). The server and the
 * hydration pass use the defaults (useSyncExternalStore's server snapshot), so the HTML matches;
 * the stored choice applies right after. Every change, restored or chosen, goes to the callbacks.
 */
export function useNotesPreferences({
  defaultFilter,
  defaultSort,
  onFilterChange,
  onSortChange,
}: NotesPreferencesOptions) {
  const storedFilter = useSyncExternalStore(subscribe, readFilter, serverSnapshot);
  const storedSort = useSyncExternalStore(subscribe, readSort, serverSnapshot);
  // Where storage is unavailable the choice lives in memory only.
  const [chosenFilter, setChosenFilter] = useState<NotesFilter | null>(null);
  const [chosenSort, setChosenSort] = useState<NotesSortDirection | null>(null);
  const filter = chosenFilter ?? storedFilter ?? defaultFilter;
  const sort = chosenSort ?? storedSort ?? defaultSort;
  useReportChange(filter, defaultFilter, onFilterChange);
  useReportChange(sort, defaultSort, onSortChange);

  const setFilter = useCallback((next: NotesFilter) => {
    setChosenFilter(writeStorage('local', NOTES_FILTER_STORAGE_KEY, NOTES_FILTERS[next]) ? null : next);
    notify();
  }, []);
  const setSort = useCallback((next: NotesSortDirection) => {
    setChosenSort(writeStorage('local', NOTES_SORT_STORAGE_KEY, next) ? null : next);
    notify();
  }, []);

  return { filter, sort, setFilter, setSort };
}
