import { describe, expect, it } from 'vitest';
import { MAX_RECENT_SEARCHES, readRecentSearches, RECENT_SEARCHES_KEY, withoutRecentSearch, withRecentSearch } from './recentSearches';

describe('recent searches', () => {
  it('reads nothing from empty, invalid or foreign storage', () => {
    expect(readRecentSearches()).toEqual([]);
    localStorage.setItem(RECENT_SEARCHES_KEY, '{not json');
    expect(readRecentSearches()).toEqual([]);
    localStorage.setItem(RECENT_SEARCHES_KEY, '{"a":1}');
    expect(readRecentSearches()).toEqual([]);
  });

  it('keeps only trimmed, distinct, non-empty strings, at most 8', () => {
    const stored = [' patient ', 3, null, '', 'Patient', ...Array.from({ length: 10 }, (_, i) => `q${i}`)];
    localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(stored));
    expect(readRecentSearches()).toEqual(['patient', 'q0', 'q1', 'q2', 'q3', 'q4', 'q5', 'q6']);
  });

  it('puts a query first, replacing the same query in another case, and drops the oldest past 8', () => {
    const list = Array.from({ length: MAX_RECENT_SEARCHES }, (_, i) => `q${i}`);
    expect(withRecentSearch(list, ' new ')).toEqual(['new', ...list.slice(0, 7)]);
    expect(withRecentSearch(['a', 'Patient', 'b'], 'patient')).toEqual(['patient', 'a', 'b']);
    expect(withRecentSearch(['a'], '   ')).toEqual(['a']);
  });

  it('removes a query', () => {
    expect(withoutRecentSearch(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });
});
