// Runs the engine for the query as the reader types. Only the latest query's
// answer is shown: a slower answer to an earlier query is dropped. While a
// query is pending the previous results stay on screen; past 200 ms the
// state says so (the first query also loads the index). A failed search
// (the index could not be loaded) is an error state with a retry.
import { useCallback, useEffect, useState } from 'react';
import { LOADING_DELAY_MS } from '../../app/Loading';
import type { SearchEngine, SearchHit } from '../engine';

/** The results on screen and the query they answer; total is how many pages match in all. */
export interface ShownResults {
  query: string;
  hits: SearchHit[];
  total: number;
}

export interface SearchRun {
  /** Docs version to search (SearchOptions.version). */
  version?: string;
  /** How many pages at most (SearchOptions.limit). */
  limit?: number;
}

export type SearchState =
  | { status: 'idle' }
  /** `slow` past 200 ms; `firstSearch` when the engine had loaded nothing yet, so the index is loading. */
  | { status: 'pending'; query: string; slow: boolean; firstSearch: boolean; shown: ShownResults | null }
  | { status: 'done'; shown: ShownResults }
  | { status: 'error'; query: string; error: Error };

function shownOf(state: SearchState): ShownResults | null {
  if (state.status === 'done') return state.shown;
  if (state.status === 'pending') return state.shown;
  return null;
}

export function useSearchResults(engine: Pick<SearchEngine, 'results' | 'bytesLoaded'>, query: string, { version, limit }: SearchRun) {
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!query.trim()) {
      setState({ status: 'idle' });
      return;
    }
    // Each run has its own flag: the cleanup of the next query clears it, so
    // an earlier, slower answer never replaces a later one.
    let live = true;
    const firstSearch = engine.bytesLoaded() === 0;
    setState((s) => ({ status: 'pending', query, slow: false, firstSearch, shown: shownOf(s) }));
    const timer = window.setTimeout(() => {
      if (live) setState((s) => (s.status === 'pending' ? { ...s, slow: true } : s));
    }, LOADING_DELAY_MS);
    engine.results(query, { ...(version ? { version } : {}), ...(limit ? { limit } : {}) }).then(
      ({ hits, total }) => {
        window.clearTimeout(timer);
        if (live) setState({ status: 'done', shown: { query, hits, total } });
      },
      (err: unknown) => {
        window.clearTimeout(timer);
        if (live) setState({ status: 'error', query, error: err instanceof Error ? err : new Error(String(err)) });
      },
    );
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [engine, query, version, limit, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, shown: shownOf(state), retry };
}
