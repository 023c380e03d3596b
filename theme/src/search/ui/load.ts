// Loads the search modal and engine on demand (STYLE.md 15): the navbar
// button and the shortcut listener are in the main bundle; everything else
// is the lazy chunk `./chunk`, fetched on the first open, or earlier when the
// pointer enters or focus reaches the button. The server render never opens
// search, and vite.server.config.ts keeps the chunk out of its bundle.
import type { ComponentType } from 'react';
import type { SearchEngine } from '../engine';
import type { SearchModalProps } from './SearchModal';
import type { PageData } from '../../contract.gen';

/** What the lazy chunk provides. */
export interface SearchUI {
  SearchModal: ComponentType<SearchModalProps>;
  createSearchEngine(indexURL: string): SearchEngine;
  /** The search page's route component (search/page). */
  SearchPage: ComponentType<{ page: PageData }>;
}

/** A loader: imports once, shares the pending import, imports again after a failure. */
export function createSearchLoader(importer: () => Promise<SearchUI>): () => Promise<SearchUI> {
  let pending: Promise<SearchUI> | null = null;
  return () => {
    if (!pending) {
      const attempt = importer();
      pending = attempt;
      attempt.catch(() => {
        if (pending === attempt) pending = null;
      });
    }
    return pending;
  };
}

/** The chunk: a dynamic import, so Vite splits it out of the entry. */
export function importSearchUI(): Promise<SearchUI> {
  return import('./chunk');
}

/** The app's loader of the search chunk. */
export const loadSearchUI = createSearchLoader(importSearchUI);
