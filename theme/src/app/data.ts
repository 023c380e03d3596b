// Loading of the engine's JSON data: the route manifest, page data and the
// sidebars. Every URL is fetched at most once per page load (the promise is
// kept), so prefetching and navigating share the work; a failed fetch is
// forgotten so that Retry fetches again (reference 7.1).
import type { Entry, PageData, RouteManifest, SidebarsData } from '../contract.gen';

const cache = new Map<string, Promise<unknown>>();

/** A data file that could not be fetched or parsed (the "chunk load failure" of reference 7.1). */
export class DataLoadError extends Error {
  constructor(url: string, reason: string, options?: { cause?: unknown }) {
    super(`Failed to load ${url}: ${reason}`, options);
    this.name = 'DataLoadError';
  }
}

export function fetchJSON<T>(url: string): Promise<T> {
  let pending = cache.get(url) as Promise<T> | undefined;
  if (!pending) {
    pending = fetch(url, { credentials: 'same-origin' }).then(
      async (res) => {
        if (!res.ok) throw new DataLoadError(url, `HTTP ${res.status}`);
        try {
          return (await res.json()) as T;
        } catch (err) {
          throw new DataLoadError(url, 'the response is not JSON', { cause: err });
        }
      },
      (err: unknown) => {
        throw new DataLoadError(url, err instanceof Error ? err.message : String(err), { cause: err });
      },
    );
    // A failed load may be retried: forget it so the next call fetches again.
    pending.catch(() => {
      if (cache.get(url) === pending) cache.delete(url);
    });
    cache.set(url, pending);
  }
  return pending;
}

/** Seeds the cache with data that arrived inside the page, so it is never fetched again. */
export function seed(url: string, value: unknown): void {
  if (!cache.has(url)) cache.set(url, Promise.resolve(value));
}

/** Whether a URL was fetched (or is being fetched) or seeded in this page load. */
export function isCached(url: string): boolean {
  return cache.has(url);
}

/** Forget every cached response (tests; portal dev after a rebuild). */
export function forgetAll(): void {
  cache.clear();
}

/**
 * A pathname as the manifest writes paths, which are not percent-encoded:
 * as it is, then its decodeURI form.
 */
function manifestForms(pathname: string): string[] {
  try {
    const decoded = decodeURI(pathname);
    return decoded === pathname ? [pathname] : [pathname, decoded];
  } catch {
    return [pathname]; // a malformed escape: only the raw form can match
  }
}

/**
 * The route table, loaded on the first navigation intent. The engine decides
 * how a path names a route (route.Manifest.Resolve) and writes its answer
 * for every other form the site links to as the manifest's aliases; this
 * only reads them.
 */
export class Routes {
  private byPath: Map<string, Entry> | null = null;
  constructor(private readonly manifestUrl: string) {}

  async manifest(): Promise<RouteManifest> {
    const m = await fetchJSON<RouteManifest>(this.manifestUrl);
    if (!this.byPath) this.byPath = new Map(m.routes.map((r) => [r.path, r]));
    return m;
  }

  /** Forget the route table, so the next question fetches it again (portal dev's rebuilds). */
  reset(): void {
    this.byPath = null;
  }

  /** The route a pathname names: its own, or the one the engine resolved it to; null when none. */
  async resolve(pathname: string): Promise<Entry | null> {
    const { aliases } = await this.manifest();
    for (const p of manifestForms(pathname)) {
      const route = this.byPath!.get(p) ?? this.byPath!.get(aliases[p] ?? '');
      if (route) return route;
    }
    return null;
  }
}

/**
 * The error of a page "chunk" that lacks what it must provide (reference
 * 7.1): for Portal, page data without a kind, or a lazily imported component
 * module without a default export.
 */
export class MissingDefaultExportError extends Error {
  constructor(routePath: string) {
    super(
      `The page component at ${routePath} doesn't have a default export. This makes it impossible to render anything. Consider default-exporting a React component.`,
    );
    this.name = 'MissingDefaultExportError';
  }
}

export function missingDefaultExportError(routePath: string): Error {
  return new MissingDefaultExportError(routePath);
}

/**
 * Checks page data before it is rendered. It throws during render, not while
 * loading, so that the error lands in the page's error boundary ("This page
 * crashed.") like a broken page module does, not in the load-failure box.
 */
export function assertPageData(data: unknown, routePath: string): asserts data is PageData {
  if (!data || typeof data !== 'object' || typeof (data as { kind?: unknown }).kind !== 'string') {
    throw missingDefaultExportError(routePath);
  }
}

/** Page data as fetched; checked at render time with assertPageData. */
export function loadPage(url: string): Promise<PageData> {
  return fetchJSON<PageData>(url);
}

export function loadSidebars(url: string): Promise<SidebarsData> {
  return fetchJSON<SidebarsData>(url);
}
