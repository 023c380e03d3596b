// Test helpers for the search UI: a fake engine with controllable answers
// and a render inside the site and router contexts with spies for
// navigation, so tests see where a chosen result goes.
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi, type Mock } from 'vitest';
import type { PageData, SiteData } from '../../contract.gen';
import { RouterContext, type Location, type RouterValue } from '../../app/router';
import { SiteProvider } from '../../app/SiteContext';
import { fixturePage, fixtureSite } from '../../shell/test-utils';
import type { SearchHit, SearchOptions, SearchResults } from '../engine';
import type { SearchUI } from './load';
import { SearchModal } from './SearchModal';

export const INDEX_URL = '/search/index.json';

/** Hits for the fixture pages: Patient (intro + two sections) and Bulk export (one section). */
export function patientHits(): SearchHit[] {
  return [
    {
      url: '/docs/api/fhir/patient/',
      title: 'Patient',
      score: 9,
      sections: [
        { anchor: '', heading: 'Patient', excerptHTML: 'The <mark>Patient</mark> resource' },
        { anchor: 'search-parameters', heading: 'Search parameters', excerptHTML: 'Search <mark>Patient</mark> by birthdate' },
        { anchor: 'read', heading: 'Read', excerptHTML: 'Read a <mark>Patient</mark> &amp; its links' },
      ],
    },
    {
      url: '/docs/bulk-data/',
      title: 'Bulk export',
      score: 4,
      sections: [{ anchor: 'patient-export', heading: 'Patient-level export', excerptHTML: '<mark>Patient</mark>/$export' }],
    },
  ];
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (err: unknown) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export interface FakeEngine {
  search: Mock<(query: string, options?: SearchOptions) => Promise<SearchHit[]>>;
  results: Mock<(query: string, options?: SearchOptions) => Promise<SearchResults>>;
  bytesLoaded: () => number;
  requests: () => string[];
}

/** An engine answering with `answer(query)`; by default the Patient hits for anything but "zzz". */
export function fakeEngine(answer: (query: string) => Promise<SearchHit[]> = (q) => Promise.resolve(q.trim() === 'zzz' ? [] : patientHits())): FakeEngine {
  let loaded = 0;
  const search = vi.fn(async (query: string, _options?: SearchOptions) => {
    const hits = await answer(query);
    loaded += 100;
    return hits;
  });
  return {
    search,
    results: vi.fn(async (query: string, options?: SearchOptions) => {
      const hits = await search(query, options);
      return { hits: hits.slice(0, options?.limit ?? 10), total: hits.length };
    }),
    bytesLoaded: () => loaded,
    requests: () => [],
  };
}

/** A loader of the real modal with a fake engine, as the lazy chunk would give. */
export function fakeLoader(engine: FakeEngine = fakeEngine()) {
  const createSearchEngine = vi.fn(() => engine);
  const load = vi.fn((): Promise<SearchUI> => Promise.resolve({ SearchModal, createSearchEngine, SearchPage: () => null }));
  return { load, createSearchEngine, engine };
}

export interface SearchRenderOptions {
  site?: SiteData;
  page?: PageData;
  location?: Location;
}

/** Renders inside SiteProvider and a router whose navigate and prefetch are spies. */
export function renderSearch(ui: ReactNode, options: SearchRenderOptions = {}) {
  const site = options.site ?? fixtureSite({ searchIndex: INDEX_URL });
  const page = options.page ?? fixturePage();
  const navigate = vi.fn();
  const prefetch = vi.fn();
  const router = (location: Location): RouterValue => ({
    location,
    state: { status: 'loaded', page, sidebar: null },
    navigate,
    action: 'push',
    prefetch,
    retry: () => {},
  });
  const tree = (location: Location) => (
    <SiteProvider site={site}>
      <RouterContext.Provider value={router(location)}>{ui}</RouterContext.Provider>
    </SiteProvider>
  );
  const result = render(tree(options.location ?? { pathname: page.path, search: '', hash: '' }));
  return { ...result, navigate, prefetch, moveTo: (location: Location) => result.rerender(tree(location)) };
}
