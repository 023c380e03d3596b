// Recent searches: the queries that led to a result the reader opened, most
// recent first, at most 8, kept in local storage under
// "portal-search-recent" as a JSON array of strings. Storage may be missing
// or hold anything; reading never throws and keeps only valid entries.
import { useCallback, useState } from 'react';
import { readStorage, writeStorage } from '../../utils/storage';

export const RECENT_SEARCHES_KEY = 'portal-search-recent';
export const MAX_RECENT_SEARCHES = 8;

/** The stored list, cleaned: strings only, trimmed, non-empty, no duplicates, at most 8. */
export function readRecentSearches(): string[] {
  const raw = readStorage(RECENT_SEARCHES_KEY);
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const queries = value.filter((q): q is string => typeof q === 'string').map((q) => q.trim());
  return dedupe(queries.filter(Boolean)).slice(0, MAX_RECENT_SEARCHES);
}

function dedupe(queries: string[]): string[] {
  const seen = new Set<string>();
  return queries.filter((q) => {
    const key = q.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The list with `query` first; an earlier entry differing only in case is replaced. */
export function withRecentSearch(list: readonly string[], query: string): string[] {
  const q = query.trim();
  if (!q) return [...list];
  return dedupe([q, ...list]).slice(0, MAX_RECENT_SEARCHES);
}

/** The list without `query`. */
export function withoutRecentSearch(list: readonly string[], query: string): string[] {
  return list.filter((q) => q !== query);
}

/** The recent searches, read when the modal mounts, with add and remove that write through and return the new list. */
export function useRecentSearches() {
  const [recent, setRecent] = useState<string[]>(readRecentSearches);
  const update = useCallback((change: (list: string[]) => string[]) => {
    // Re-read first: another tab may have changed the list meanwhile.
    const next = change(readRecentSearches());
    writeStorage(RECENT_SEARCHES_KEY, JSON.stringify(next));
    setRecent(next);
    return next;
  }, []);
  const add = useCallback((query: string) => update((list) => withRecentSearch(list, query)), [update]);
  const remove = useCallback((query: string) => update((list) => withoutRecentSearch(list, query)), [update]);
  return { recent, add, remove };
}
