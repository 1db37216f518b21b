import { useEffect, useRef, useState } from 'react';

/** Wait after the last keystroke before searching again (GitLab's DEFAULT_DEBOUNCE_AND_THROTTLE_MS). */
export const WORK_ITEM_SEARCH_DEBOUNCE_MS = 250;

/** What {@link useAttributeSearch} gives to a listbox. */
export interface AttributeSearch<T> {
  /** The last answer (kept while the next one loads). */
  results: readonly T[];
  /** A search is in flight and there is no answer to show yet. */
  isLoading: boolean;
  /** The last search failed. */
  hasError: boolean;
  /** Pass to the listbox's `onSearchChange`. */
  setQuery: (query: string) => void;
}

/**
 * Results of an async search (`search(query)`: the project's users, labels, milestones) for an
 * editor, from when it mounts: the empty query at once, later queries after a pause of
 * {@link WORK_ITEM_SEARCH_DEBOUNCE_MS}. An older answer arriving late never replaces a newer one.
 * Without `search` there is nothing to load (the options are given).
 */
export function useAttributeSearch<T>(
  search: ((query: string) => Promise<readonly T[]>) | undefined,
): AttributeSearch<T> {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<readonly T[]>([]);
  const [isLoading, setLoading] = useState(search !== undefined);
  const [hasError, setError] = useState(false);
  // The newest search function, so a page passing a new function each render does not search again.
  const searchRef = useRef(search);
  const latest = useRef(0);
  const isFirst = useRef(true);

  useEffect(() => {
    searchRef.current = search;
  });

  useEffect(() => {
    if (!searchRef.current) return;
    const run = async () => {
      const request = ++latest.current;
      setLoading(true);
      try {
        const answer = await searchRef.current!(query);
        if (request !== latest.current) return;
        setResults(answer);
        setError(false);
      } catch {
        if (request === latest.current) setError(true);
      } finally {
        if (request === latest.current) setLoading(false);
      }
    };
    if (isFirst.current) {
      isFirst.current = false;
      void run();
      return;
    }
    const timer = setTimeout(() => void run(), WORK_ITEM_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  return { results, isLoading: isLoading && results.length === 0, hasError, setQuery };
}
