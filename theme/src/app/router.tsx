// Client-side routing over the engine's route table (reference 7.2, 7.5).
// Routes are exact paths from routes.json. A link click changes the URL at
// once, keeps the old page on screen while the target's data loads (with the
// progress bar after 200 ms), then swaps the page in and scrolls; if the
// data cannot be loaded the window reloads, which either works or shows the
// server's answer. Back and forward show the loading state instead (spinner
// after 200 ms, a Retry box on failure). A router library would bring
// pattern matching and nested layouts this site does not have.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { Entry, PageData, SidebarItem } from '../contract.gen';
import { sidebarsKey } from '../shell/docsInstances';
import { ReactContextError } from '../utils/contextError';
import { isInternalUrl, splitUrl } from '../utils/links';
import { assignLocation, reloadPage } from './browser';
import { forgetAll, isCached, loadPage, loadSidebars, Routes, seed } from './data';
import { Prefetcher } from './prefetch';
import { startProgress } from './progress';
import { scrollAfterNavigation } from './scroll';

export { scrollAfterNavigation } from './scroll';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
}

export type PageState =
  | { status: 'loaded'; page: PageData; sidebar: SidebarItem[] | null; routePath?: string }
  | { status: 'loading' }
  | { status: 'error'; error: Error }
  /** Data arrived but is not page data; the page throws it when rendered (reference 7.1). */
  | { status: 'invalid'; data: unknown; routePath: string };

/**
 * How the location on screen was reached: a new history entry, a replaced
 * one (a tab's or the search page's query string), or Back, Forward and the
 * first load.
 */
export type NavigationAction = 'push' | 'replace' | 'pop';

export interface RouterValue {
  /** The location of the page on screen (during a pending navigation, still the old one). */
  location: Location;
  action: NavigationAction;
  state: PageState;
  /** Navigates to a site URL; external URLs get a full page load. */
  navigate: (url: string, options?: { replace?: boolean }) => void;
  /**
   * Prefetches a route's data ahead of a click (never twice for one path;
   * never on slow connections): at once for a reader's intent (hover, focus,
   * touch); for a link in view (`inView`), after the page has loaded and the
   * browser is idle, within the page load's byte budget.
   */
  prefetch: (url: string, options?: { inView?: boolean }) => void;
  /** Retries a failed load of the current page. */
  retry: () => void;
}

export const RouterContext = createContext<RouterValue | null>(null);

export function useRouter(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new ReactContextError('useRouter', 'RouterProvider');
  return value;
}

/** The page being shown; only valid inside a loaded page. */
export function useLoadedPage(): { page: PageData; sidebar: SidebarItem[] | null } {
  const { state } = useRouter();
  if (state.status !== 'loaded') throw new Error('useLoadedPage called while the page is not loaded');
  return state;
}

/** The location the server rendered a page at: its route path, without search or hash. */
export function serverLocation(page: Pick<PageData, 'path'>): Location {
  return { pathname: splitUrl(page.path).pathname, search: '', hash: '' };
}

/** The router for server rendering: a fixed location and page. */
export function StaticRouter(props: {
  location: Location;
  /** How the location was reached (tests of what follows a navigation); the server's is the first load. */
  action?: NavigationAction;
  page: PageData;
  sidebar: SidebarItem[] | null;
  children: ReactNode;
}) {
  const value = useMemo<RouterValue>(
    () => ({
      location: props.location,
      state: { status: 'loaded', page: props.page, sidebar: props.sidebar },
      action: props.action ?? 'pop',
      navigate: () => {},
      prefetch: () => {},
      retry: () => {},
    }),
    [props.location, props.action, props.page, props.sidebar],
  );
  return <RouterContext.Provider value={value}>{props.children}</RouterContext.Provider>;
}

/** The event portal dev's live-reload script sends after a content-only rebuild. */
export const REFRESH_EVENT = 'portal:refresh';

interface BrowserRouterProps {
  manifestUrl: string;
  sidebarsUrl: string;
  initial: { page: PageData; sidebar: SidebarItem[] | null };
  children: ReactNode;
}

interface View {
  location: Location;
  action: NavigationAction;
  state: PageState;
  /** Counts the pages shown by navigation; each new value scrolls and moves focus. */
  arrival: number;
}

interface Loaded {
  route: Entry | null;
  state: Extract<PageState, { status: 'loaded' | 'invalid' }>;
}

function windowLocation(): Location {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

function sameLocation(a: Location, b: Location): boolean {
  return a.pathname === b.pathname && a.search === b.search && a.hash === b.hash;
}

function isPageData(data: unknown): data is PageData {
  return !!data && typeof data === 'object' && typeof (data as { kind?: unknown }).kind === 'string';
}

/** The location to show for a loaded route: the route's own path, as the server's 301 would give. */
function canonicalLocation(loc: Location, route: Entry | null): Location {
  return route && route.path !== loc.pathname ? { ...loc, pathname: route.path } : loc;
}


export function BrowserRouter({ manifestUrl, sidebarsUrl, initial, children }: BrowserRouterProps) {
  const routes = useMemo(() => new Routes(manifestUrl), [manifestUrl]);
  const prefetcher = useMemo(() => new Prefetcher(), []);
  // The first render must equal the server render, so it uses the location
  // the server rendered; the effect below then switches to the real one.
  const [view, setView] = useState<View>(() => ({
    location: serverLocation(initial.page),
    action: 'pop',
    state: { status: 'loaded', page: initial.page, sidebar: initial.sidebar },
    arrival: 0,
  }));
  const viewRef = useRef(view);
  viewRef.current = view;
  const navigationId = useRef(0);
  // Pages already shown or loaded in this page load, by pathname, so going
  // back to one is instant (data files never change within a load).
  const shownPages = useRef(new Map<string, Loaded>());
  const initialRef = useRef(initial);
  const seeded = useRef(false);

  /** Once the route table is known, the first page's data counts as fetched. */
  const seedInitial = useCallback(async () => {
    if (seeded.current) return;
    seeded.current = true;
    const first = initialRef.current;
    const route = await routes.resolve(first.page.path);
    if (route) seed(route.data, first.page);
    else if (first.page.kind === 'not-found') seed((await routes.manifest()).notFoundData, first.page);
  }, [routes]);

  const load = useCallback(
    async (pathname: string): Promise<Loaded> => {
      const memo = shownPages.current.get(pathname);
      if (memo) return memo;
      await seedInitial();
      const route = await routes.resolve(pathname);
      const manifest = await routes.manifest();
      const routePath = route?.path ?? pathname;
      const data: unknown = await loadPage(route ? route.data : manifest.notFoundData);
      let result: Loaded;
      if (!isPageData(data)) {
        result = { route, state: { status: 'invalid', data, routePath } };
      } else {
        let sidebar: SidebarItem[] | null = null;
        if (data.doc?.sidebar) {
          const sidebars = await loadSidebars(manifest.sidebarsData || sidebarsUrl);
          sidebar = sidebars[sidebarsKey(data.doc)]?.[data.doc.sidebar] ?? null;
        }
        result = { route, state: { status: 'loaded', page: data, sidebar, routePath } };
      }
      shownPages.current.set(pathname, result);
      return result;
    },
    [routes, sidebarsUrl, seedInitial],
  );

  /**
   * Shows a loaded page, unless a later navigation has started meanwhile; the
   * address bar gets the route's own path when the URL was a variant of it.
   */
  const arrive = useCallback((id: number, loc: Location, result: Loaded, action: NavigationAction) => {
    if (id !== navigationId.current) return;
    const shown = canonicalLocation(loc, result.route);
    if (!sameLocation(shown, loc)) window.history.replaceState(window.history.state, '', shown.pathname + shown.search + shown.hash);
    setView((v) => ({ location: shown, action, state: result.state, arrival: v.arrival + 1 }));
  }, []);

  /** Back/forward and Retry: the loading state, then the page or the Retry box. */
  const showLocation = useCallback(
    (loc: Location) => {
      const id = ++navigationId.current;
      const memo = shownPages.current.get(loc.pathname);
      if (memo) {
        setView((v) => ({ location: canonicalLocation(loc, memo.route), action: 'pop', state: memo.state, arrival: v.arrival + 1 }));
        return;
      }
      const done = startProgress();
      setView((v) => ({ ...v, location: loc, action: 'pop', state: { status: 'loading' } }));
      load(loc.pathname).then(
        (result) => {
          done();
          arrive(id, loc, result, 'pop');
        },
        (error: unknown) => {
          done();
          if (id !== navigationId.current) return;
          setView((v) => ({ ...v, state: { status: 'error', error: error instanceof Error ? error : new Error(String(error)) } }));
        },
      );
    },
    [load, arrive],
  );

  const navigate = useCallback(
    (url: string, options?: { replace?: boolean }) => {
      if (!isInternalUrl(url)) {
        assignLocation(url);
        return;
      }
      const target = new URL(url, window.location.href);
      if (target.origin !== window.location.origin) {
        assignLocation(target.href);
        return;
      }
      const loc: Location = { pathname: target.pathname, search: target.search, hash: target.hash };
      const href = loc.pathname + loc.search + loc.hash;
      const method = options?.replace ? 'replaceState' : 'pushState';
      const current = viewRef.current;
      if (loc.pathname === current.location.pathname && current.state.status !== 'error') {
        // Same page, new hash or search: no loading, just scroll (reference 7.5):
        // to the hash target, or the top; a change of search alone keeps the position.
        navigationId.current++;
        window.history[method](window.history.state, '', href);
        setView((v) => ({ ...v, location: loc, action: options?.replace ? 'replace' : 'push' }));
        if (!(loc.search !== current.location.search && loc.hash === current.location.hash)) scrollAfterNavigation(loc.hash);
        return;
      }
      const id = ++navigationId.current;
      window.history[method](null, '', href);
      const done = startProgress();
      load(loc.pathname).then(
        (result) => {
          done();
          arrive(id, loc, result, options?.replace ? 'replace' : 'push');
        },
        (error: unknown) => {
          done();
          if (id !== navigationId.current) return;
          // Most likely stale data after a deploy: a full load of the new
          // URL either works or shows the server's answer (reference 7.2).
          console.warn(error);
          reloadPage();
        },
      );
    },
    [load, arrive],
  );

  const prefetch = useCallback(
    (url: string, options?: { inView?: boolean }) => {
      if (!isInternalUrl(url)) return;
      let pathname: string;
      try {
        const target = new URL(url, window.location.href);
        if (target.origin !== window.location.origin) return;
        pathname = target.pathname;
      } catch {
        return;
      }
      const inView = options?.inView === true;
      if (!(inView ? prefetcher.claimView(pathname) : prefetcher.claimPath(pathname))) return;
      void (async () => {
        if (inView) await prefetcher.settled();
        await seedInitial();
        const route = await routes.resolve(pathname);
        if (!route) return;
        // Data already fetched or seeded (the page on screen), or prefetched
        // for the reader's intent, needs no prefetch; a link in view takes
        // its file's size from the budget, or is left for the reader's intent.
        if (isCached(route.data) || prefetcher.has(route.data)) return;
        if (inView && !prefetcher.spend(route.dataBytes ?? 0)) return;
        prefetcher.url(route.data);
        const sidebars = (await routes.manifest()).sidebarsData || sidebarsUrl;
        if (route.sidebar && !isCached(sidebars)) prefetcher.url(sidebars);
      })().catch(() => {
        // A prefetch is only a hint; the navigation reports real failures.
      });
    },
    [routes, prefetcher, seedInitial, sidebarsUrl],
  );

  // portal dev: after a content-only rebuild the engine asks the page to
  // show its new data in place (same location, same scroll position).
  useEffect(() => {
    const refresh = async () => {
      forgetAll();
      routes.reset();
      shownPages.current.clear();
      // The data the page arrived with is out of date now: never seed it.
      seeded.current = true;
      const shown = viewRef.current.location;
      const result = await load(shown.pathname);
      if (viewRef.current.location === shown) setView((v) => ({ ...v, state: result.state }));
    };
    const onRefresh = () => void refresh();
    window.addEventListener(REFRESH_EVENT, onRefresh);
    return () => window.removeEventListener(REFRESH_EVENT, onRefresh);
  }, [load, routes]);

  const retry = useCallback(() => {
    shownPages.current.delete(window.location.pathname);
    showLocation(windowLocation());
  }, [showLocation]);

  // After hydration: the real location (the server knew no hash, and the
  // not-found page is rendered once for every unknown path).
  useEffect(() => {
    const real = windowLocation();
    setView((v) => (sameLocation(v.location, real) ? v : { ...v, location: real }));
    const first = initialRef.current;
    if (first.page.kind !== 'not-found') shownPages.current.set(serverLocation(first.page).pathname, {
      route: null,
      state: { status: 'loaded', page: first.page, sidebar: first.sidebar, routePath: first.page.path },
    });
  }, []);

  useEffect(() => {
    const onPop = () => {
      const loc = windowLocation();
      const current = viewRef.current;
      if (loc.pathname === current.location.pathname && current.state.status !== 'error' && current.state.status !== 'loading') {
        // Same page (a hash entry): the browser restores that entry's position.
        navigationId.current++;
        setView((v) => ({ ...v, location: loc, action: 'pop' }));
        return;
      }
      showLocation(loc);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [showLocation]);

  // After a page swap: scroll to the hash target or the top. Focus is moved
  // by the shell's skip link (reference 2.6), so the next Tab offers it.
  useLayoutEffect(() => {
    if (view.arrival === 0) return;
    scrollAfterNavigation(view.location.hash);
    // Only a new arrival scrolls; the location is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.arrival]);

  const value = useMemo<RouterValue>(
    () => ({ location: view.location, action: view.action, state: view.state, navigate, prefetch, retry }),
    [view.location, view.action, view.state, navigate, prefetch, retry],
  );
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}
