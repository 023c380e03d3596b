import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageData, SidebarItem } from '../contract.gen';
import { MAIN_CONTENT_ID } from '../shell/SkipToContent';
import { CurrentPage } from './App';
import { reloadPage } from './browser';
import { forgetAll } from './data';
import { ErrorBoundary, PageCrash } from './ErrorBoundary';
import { BrowserRouter, REFRESH_EVENT, RouterContext, useRouter, type RouterValue } from './router';
import { dataFiles, fakeServer, homePage, introPage, manifest, sidebar, type FakeServer } from './testFixtures';

vi.mock('./browser', () => ({ reloadPage: vi.fn(), assignLocation: vi.fn() }));

let server: FakeServer;
let router: RouterValue;
let scrollTo: ReturnType<typeof vi.fn>;
let scrolledIntoView: string[];

function Probe() {
  router = useRouter();
  const { location, state } = router;
  return (
    <div>
      <p data-testid="location">{location.pathname + location.search + location.hash}</p>
      <p data-testid="status">{state.status === 'loaded' ? state.page.title : state.status}</p>
      {state.status === 'loaded' && <div dangerouslySetInnerHTML={{ __html: state.page.html }} />}
      <div id={MAIN_CONTENT_ID} tabIndex={-1} />
    </div>
  );
}

function start(path = '/docs/', initial: { page: PageData; sidebar: SidebarItem[] | null } = { page: introPage, sidebar }) {
  window.history.replaceState(null, '', path);
  return render(
    <BrowserRouter manifestUrl="/routes.json" sidebarsUrl="/data/sidebars.json" initial={initial}>
      <Probe />
    </BrowserRouter>,
  );
}

const status = () => screen.getByTestId('status').textContent;
const shownLocation = () => screen.getByTestId('location').textContent;
const pageRequests = () => server.requests.filter((u) => u.startsWith('/data/pages/'));

beforeEach(() => {
  forgetAll();
  server = fakeServer();
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  scrollTo = vi.fn();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  scrolledIntoView = [];
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolledIntoView.push(this.id);
  };
  Object.defineProperty(navigator, 'connection', { value: undefined, configurable: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(reloadPage).mockClear();
  vi.restoreAllMocks();
});

describe('navigate', () => {
  it('changes the URL at once, keeps the old page until the data is there, then swaps and scrolls to the top', async () => {
    start();
    server.hold('/data/pages/docs--other.json');
    const before = window.history.length;
    act(() => router.navigate('/docs/other/'));
    expect(window.location.pathname).toBe('/docs/other/');
    expect(window.history.length).toBe(before + 1);
    expect(status()).toBe('Introduction');
    expect(shownLocation()).toBe('/docs/');
    await waitFor(() => expect(server.requests).toContain('/data/pages/docs--other.json'));
    act(() => server.release('/data/pages/docs--other.json'));
    await waitFor(() => expect(status()).toBe('Other'));
    expect(shownLocation()).toBe('/docs/other/');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('scrolls to the hash target of the new page instead of the top', async () => {
    start();
    act(() => router.navigate('/docs/other/#section'));
    await waitFor(() => expect(status()).toBe('Other'));
    expect(scrolledIntoView).toEqual(['section']);
    expect(scrollTo).not.toHaveBeenCalled();
    expect(window.location.hash).toBe('#section');
  });

  it('decodes the hash before looking up the target', async () => {
    start();
    act(() => router.navigate('/docs/#d%C3%A9tails'));
    document.body.insertAdjacentHTML('beforeend', '<h2 id="détails">x</h2>');
    act(() => router.navigate('/docs/#d%C3%A9tails'));
    expect(scrolledIntoView).toContain('détails');
    document.getElementById('détails')?.remove();
  });

  it('same page, new hash: no loading, pushes history and scrolls to the target', async () => {
    start();
    const before = window.history.length;
    act(() => router.navigate('#details'));
    expect(window.location.pathname + window.location.hash).toBe('/docs/#details');
    expect(window.history.length).toBe(before + 1);
    expect(scrolledIntoView).toEqual(['details']);
    expect(shownLocation()).toBe('/docs/#details');
    expect(server.requests).toEqual([]);
  });

  it('same page, same hash, new search: no scroll', () => {
    start('/docs/#details');
    act(() => router.navigate('/docs/?q=1#details'));
    expect(scrolledIntoView).toEqual([]);
    expect(scrollTo).not.toHaveBeenCalled();
    expect(shownLocation()).toBe('/docs/?q=1#details');
  });

  it('replace: true replaces the history entry', async () => {
    start();
    const before = window.history.length;
    act(() => router.navigate('/docs/other/', { replace: true }));
    await waitFor(() => expect(status()).toBe('Other'));
    expect(window.history.length).toBe(before);
  });

  it('shows the route path for a path without its trailing slash or with .html', async () => {
    start();
    act(() => router.navigate('/docs/other'));
    await waitFor(() => expect(status()).toBe('Other'));
    expect(window.location.pathname).toBe('/docs/other/');
    act(() => router.navigate('/index.html'));
    await waitFor(() => expect(status()).toBe('Test Portal'));
    expect(window.location.pathname).toBe('/');
  });

  it('shows the not-found page for an unknown path, keeping the URL', async () => {
    start();
    act(() => router.navigate('/docs/nope/'));
    await waitFor(() => expect(status()).toBe('Page Not Found'));
    expect(window.location.pathname).toBe('/docs/nope/');
    expect(server.requests).toContain('/data/pages/404.json');
  });

  it('loads the sidebar data of doc pages once', async () => {
    start('/', { page: homePage, sidebar: null });
    act(() => router.navigate('/docs/other/'));
    await waitFor(() => expect(status()).toBe('Other'));
    act(() => router.navigate('/docs/'));
    await waitFor(() => expect(status()).toBe('Introduction'));
    expect(server.requests.filter((u) => u === '/data/sidebars.json')).toHaveLength(1);
  });

  it('never fetches the first page again, nor a page already shown', async () => {
    start();
    act(() => router.navigate('/docs/other/'));
    await waitFor(() => expect(status()).toBe('Other'));
    act(() => router.navigate('/docs/'));
    await waitFor(() => expect(status()).toBe('Introduction'));
    act(() => router.navigate('/docs/other/'));
    await waitFor(() => expect(status()).toBe('Other'));
    expect(pageRequests()).toEqual(['/data/pages/docs--other.json']);
  });

  it('on a failed load warns and reloads the window at the new URL', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    start();
    server.failing.add('/data/pages/docs--other.json');
    act(() => router.navigate('/docs/other/'));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(window.location.pathname).toBe('/docs/other/');
    expect(String(warn.mock.calls[0][0])).toContain('Failed to load /data/pages/docs--other.json: HTTP 500');
    expect(status()).toBe('Introduction');
  });

  it('only the last of overlapping navigations is shown', async () => {
    start();
    server.hold('/data/pages/docs--other.json');
    act(() => router.navigate('/docs/other/'));
    act(() => router.navigate('/'));
    await waitFor(() => expect(status()).toBe('Test Portal'));
    act(() => server.release('/data/pages/docs--other.json'));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
    expect(status()).toBe('Test Portal');
    expect(window.location.pathname).toBe('/');
  });
});

describe('back and forward', () => {
  async function visitOther() {
    start();
    act(() => router.navigate('/docs/other/'));
    await waitFor(() => expect(status()).toBe('Other'));
  }

  function popTo(path: string) {
    act(() => {
      window.history.pushState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
  }

  it('shows the loading state, then the page, then scrolls to the top', async () => {
    start('/', { page: homePage, sidebar: null });
    server.hold('/data/pages/docs--other.json');
    popTo('/docs/other/');
    expect(status()).toBe('loading');
    expect(shownLocation()).toBe('/docs/other/');
    await waitFor(() => expect(server.requests).toContain('/data/pages/docs--other.json'));
    scrollTo.mockClear();
    act(() => server.release('/data/pages/docs--other.json'));
    await waitFor(() => expect(status()).toBe('Other'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('returns at once to a page already shown', async () => {
    await visitOther();
    popTo('/docs/');
    expect(status()).toBe('Introduction');
    expect(pageRequests()).toEqual(['/data/pages/docs--other.json']);
  });

  it('scrolls to the hash of the entry when it is on another page', async () => {
    await visitOther();
    popTo('/docs/#details');
    await waitFor(() => expect(status()).toBe('Introduction'));
    expect(scrolledIntoView).toContain('details');
  });

  it('within one page only updates the location (the browser restores the position)', async () => {
    start();
    act(() => router.navigate('#details'));
    scrolledIntoView = [];
    popTo('/docs/');
    expect(shownLocation()).toBe('/docs/');
    expect(status()).toBe('Introduction');
    expect(server.requests).toEqual([]);
  });

  it('shows a failed load with Retry, and Retry loads again', async () => {
    start('/', { page: homePage, sidebar: null });
    server.failing.add('/data/pages/docs--other.json');
    popTo('/docs/other/');
    await waitFor(() => expect(status()).toBe('error'));
    server.failing.delete('/data/pages/docs--other.json');
    act(() => router.retry());
    await waitFor(() => expect(status()).toBe('Other'));
    expect(pageRequests()).toEqual(['/data/pages/docs--other.json', '/data/pages/docs--other.json']);
  });

  it('cancels a pending click navigation', async () => {
    start();
    server.hold('/data/pages/docs--other.json');
    act(() => router.navigate('/docs/other/'));
    popTo('/docs/');
    act(() => server.release('/data/pages/docs--other.json'));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
    expect(status()).toBe('Introduction');
  });
});

describe('invalid page data', () => {
  it('reaches the page boundary as the missing-default-export error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    start();
    act(() => router.navigate('/docs/bad/'));
    await waitFor(() => expect(status()).toBe('invalid'));
    const value = { ...router };
    render(
      <RouterContext.Provider value={value}>
        <ErrorBoundary fallback={PageCrash}>
          <CurrentPage />
        </ErrorBoundary>
      </RouterContext.Provider>,
    );
    expect(screen.getByText('This page crashed.')).toBeInTheDocument();
    expect(
      screen.getByText(
        "The page component at /docs/bad/ doesn't have a default export. This makes it impossible to render anything. Consider default-exporting a React component.",
      ),
    ).toBeInTheDocument();
  });
});

describe('prefetch', () => {
  it('fetches the route data and the sidebars once per path, with credentials when link prefetch is unsupported', async () => {
    start();
    act(() => router.prefetch('/docs/other/'));
    act(() => router.prefetch('/docs/other/'));
    act(() => router.prefetch('/docs/other/#section'));
    await waitFor(() => expect(server.requests).toContain('/data/pages/docs--other.json'));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
    expect(server.requests.filter((u) => u === '/data/pages/docs--other.json')).toHaveLength(1);
    expect(server.requests.filter((u) => u === '/data/sidebars.json')).toHaveLength(1);
    const call = vi.mocked(fetch).mock.calls.find(([u]) => u === '/data/pages/docs--other.json')!;
    expect(call[1]).toEqual({ credentials: 'include' });
  });

  it('does nothing at all with data-saver on or on 2g, nor for external or unknown URLs', async () => {
    start();
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    act(() => router.prefetch('/docs/other/'));
    Object.defineProperty(navigator, 'connection', { value: { effectiveType: '2g' }, configurable: true });
    act(() => router.prefetch('/docs/other/'));
    Object.defineProperty(navigator, 'connection', { value: undefined, configurable: true });
    act(() => router.prefetch('https://example.org/docs/'));
    act(() => router.prefetch('/nope/'));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
    expect(pageRequests()).toEqual([]);
  });

  it('waits, for a link in view, until the page has loaded and the browser is idle', async () => {
    let idle: (() => void) | null = null;
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => {
      idle = fn;
      return 1;
    });
    start();
    act(() => router.prefetch('/docs/other/', { inView: true }));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
    expect(server.requests).toEqual([]);
    // A hover meanwhile does not wait.
    act(() => router.prefetch('/', {}));
    await waitFor(() => expect(pageRequests()).toEqual(['/data/pages/index.json']));
    await act(async () => idle!());
    await waitFor(() => expect(pageRequests()).toEqual(['/data/pages/index.json', '/data/pages/docs--other.json']));
  });

  it('keeps links in view within the byte budget; the reader\'s intent is not held to it', async () => {
    const files = dataFiles();
    const routes = (files['/routes.json'] as typeof manifest).routes!;
    files['/routes.json'] = {
      ...manifest,
      routes: routes.map((r) => ({ ...r, dataBytes: r.path === '/' ? 150_000 : r.path === '/docs/other/' ? 80_000 : 1_000 })),
    };
    server = fakeServer(files);
    vi.stubGlobal('fetch', vi.fn(server.fetch));
    start();
    act(() => router.prefetch('/', { inView: true }));
    await waitFor(() => expect(pageRequests()).toEqual(['/data/pages/index.json']));
    // 150 KB spent of 200 KB: an 80 KB page no longer fits, a 1 KB one does.
    act(() => router.prefetch('/docs/other/', { inView: true }));
    act(() => router.prefetch('/docs/bad/', { inView: true }));
    await waitFor(() => expect(pageRequests()).toEqual(['/data/pages/index.json', '/data/pages/docs--bad.json']));
    // Hovering the link left out prefetches it at once.
    act(() => router.prefetch('/docs/other/'));
    await waitFor(() => expect(pageRequests()).toContain('/data/pages/docs--other.json'));
    expect(pageRequests().filter((u) => u === '/data/pages/docs--other.json')).toHaveLength(1);
  });

  it('does not prefetch the page that is already shown', async () => {
    start();
    act(() => router.prefetch('/docs/'));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
    expect(pageRequests()).toEqual([]);
  });
});

describe('hydration', () => {
  it('renders the server location first, then the real one (with its hash)', async () => {
    window.history.replaceState(null, '', '/docs/#details');
    const seen: string[] = [];
    function Spy() {
      const { location } = useRouter();
      seen.push(location.pathname + location.hash);
      return null;
    }
    render(
      <BrowserRouter manifestUrl="/routes.json" sidebarsUrl="/data/sidebars.json" initial={{ page: introPage, sidebar }}>
        <Spy />
      </BrowserRouter>,
    );
    expect(seen[0]).toBe('/docs/');
    await waitFor(() => expect(seen[seen.length - 1]).toBe('/docs/#details'));
    expect(scrolledIntoView).toEqual([]);
  });
});

describe('portal dev refresh', () => {
  it('shows the page\'s new data in place, without scrolling, when the engine asks', async () => {
    const files = dataFiles();
    server = fakeServer(files);
    vi.stubGlobal('fetch', vi.fn(server.fetch));
    start('/docs/');
    await waitFor(() => expect(status()).toBe(introPage.title));
    scrollTo.mockClear();
    files['/data/pages/docs.json'] = { ...introPage, title: 'Edited title', html: '<p>Edited text</p>' };
    await act(async () => {
      window.dispatchEvent(new Event(REFRESH_EVENT));
    });
    await waitFor(() => expect(status()).toBe('Edited title'));
    expect(screen.getByText('Edited text')).toBeInTheDocument();
    expect(shownLocation()).toBe('/docs/');
    expect(scrollTo).not.toHaveBeenCalled();
    expect(server.requests).toContain('/data/pages/docs.json');
  });
});
