// Portal's built-in search, browser side: queries the index that
// internal/search writes at build time (docs/search-index.md).

/** One section of a result page, shown as a deep link `url#anchor`. */
export interface SearchHitSection {
  /** The heading id; "" for section 0, the page's intro. */
  anchor: string;
  heading: string;
  /** The text around the first match, HTML-escaped, with matches wrapped in <mark>. */
  excerptHTML: string;
}

/** One result page. */
export interface SearchHit {
  /** The page URL. */
  url: string;
  title: string;
  score: number;
  /** Up to 3 matching sections, best first. */
  sections: SearchHitSection[];
}

export interface SearchOptions {
  /** Docs version of the current page; omitted → the last version's pages and pages outside the docs. */
  version?: string;
  /** How many pages at most; 10 by default. */
  limit?: number;
}

/** The best pages for a query and how many pages match in all. */
export interface SearchResults {
  hits: SearchHit[];
  total: number;
}

export interface SearchEngine {
  /** The best pages for a query; safe to call again before an earlier call settles. */
  search(query: string, options?: SearchOptions): Promise<SearchHit[]>;
  /** search, with the number of pages that match (the search page's count). */
  results(query: string, options?: SearchOptions): Promise<SearchResults>;
  /** Total bytes of index files fetched so far (Content-Length or body length), for the transfer budget. */
  bytesLoaded(): number;
  /** URLs fetched so far, in order. */
  requests(): string[];
}

export { createSearchEngine } from './engine';
export { tokenize, storedTerm, type Term } from './tokenize';
export { compareTerms } from './terms';
export { SearchIndexError, type FetchJSON } from './files';
