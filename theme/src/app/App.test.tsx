import { act, screen, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server.browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageData, SidebarItem, SiteData } from '../contract.gen';
import { App } from './App';
import { forgetAll } from './data';
import { BrowserRouter, serverLocation, StaticRouter, useRouter, type RouterValue } from './router';
import { fakeServer, homePage, introPage, notFoundPage, sidebar, site } from './testFixtures';

let root: Root | null = null;
let container: HTMLElement;
let errors: unknown[][];
let recoverable: unknown[];
let router: RouterValue;

function RouterSpy() {
  router = useRouter();
  return null;
}

function serverHtml(s: SiteData, page: PageData, side: SidebarItem[] | null) {
  return renderToString(
    <App
      site={s}
      router={(children) => (
        <StaticRouter location={serverLocation(page)} page={page} sidebar={side}>
          {children}
        </StaticRouter>
      )}
    />,
  );
}

async function hydrate(url: string, page: PageData, side: SidebarItem[] | null, s: SiteData = site) {
  window.history.replaceState(null, '', url);
  document.documentElement.className = page.doc ? 'plugin-docs' : 'plugin-pages';
  container = document.createElement('div');
  container.innerHTML = serverHtml(s, page, side);
  document.body.appendChild(container);
  await act(async () => {
    root = hydrateRoot(
      container,
      <App
        site={s}
        router={(children) => (
          <BrowserRouter manifestUrl="/routes.json" sidebarsUrl="/data/sidebars.json" initial={{ page, sidebar: side }}>
            <RouterSpy />
            {children}
          </BrowserRouter>
        )}
      />,
      { onRecoverableError: (e) => recoverable.push(e) },
    );
  });
}

beforeEach(() => {
  forgetAll();
  errors = [];
  recoverable = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
  vi.stubGlobal('fetch', vi.fn(fakeServer().fetch));
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = () => {};
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container?.remove();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute('data-has-hydrated');
  document.documentElement.className = '';
});

describe('hydration', () => {
  it.each([
    ['a page', '/', homePage, null],
    ['a doc with sidebar and TOC', '/docs/', introPage, sidebar],
    ['a doc opened at a hash', '/docs/#details', introPage, sidebar],
    ['the not-found page at an unknown path', '/docs/nope/', notFoundPage, null],
  ] as const)('the first client render of %s equals the server render', async (_name, url, page, side) => {
    await hydrate(url, page, side as SidebarItem[] | null);
    expect(recoverable).toEqual([]);
    expect(errors).toEqual([]);
    expect(document.documentElement).toHaveAttribute('data-has-hydrated', 'true');
  });
});

describe('document title', () => {
  it('follows client navigation as "<page> | <site>", the site title alone for the home page', async () => {
    await hydrate('/', homePage, null);
    act(() => router.navigate('/docs/'));
    await waitFor(() => expect(document.title).toBe('Introduction | Test Portal'));
    expect(document.documentElement).toHaveClass('plugin-docs', 'docs-doc-id-intro');
    expect(document.documentElement).not.toHaveClass('plugin-pages');
    act(() => router.navigate('/docs/nope/'));
    await waitFor(() => expect(document.title).toBe('Page Not Found | Test Portal'));
  });
});

describe('crashes', () => {
  it('page data without a kind crashes the page inside the layout', async () => {
    await hydrate('/docs/', introPage, sidebar);
    act(() => router.navigate('/docs/bad/'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('This page crashed.'));
    expect(
      screen.getByText(
        "The page component at /docs/bad/ doesn't have a default export. This makes it impossible to render anything. Consider default-exporting a React component.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    // Navigating away shows the next page again.
    act(() => router.navigate('/docs/other/'));
    await waitFor(() => expect(screen.queryByText('This page crashed.')).toBeNull());
    expect(screen.getByText('Other body.')).toBeInTheDocument();
  });

  it('a crash of the shell shows the app-level error page titled "Page Error"', async () => {
    const broken = { ...site, themeConfig: { ...site.themeConfig, colorMode: { ...site.themeConfig.colorMode, defaultMode: 'purple' } } };
    window.history.replaceState(null, '', '/');
    container = document.createElement('div');
    document.body.appendChild(container);
    await act(async () => {
      root = hydrateRoot(
        container,
        <App
          site={broken}
          router={(children) => (
            <BrowserRouter manifestUrl="/routes.json" sidebarsUrl="/data/sidebars.json" initial={{ page: homePage, sidebar: null }}>
              {children}
            </BrowserRouter>
          )}
        />,
        { onRecoverableError: () => {} },
      );
    });
    await waitFor(() => expect(document.title).toBe('Page Error'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This page crashed');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByText('unexpected color mode purple')).toBeInTheDocument();
  });
});
