// Test helpers for the shell: a fixture site typed against the engine's
// contract, and a render function that puts a component inside the same
// providers the app uses (SiteProvider + StaticRouter from app/), so tests
// exercise the real context wiring.
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { PageData, NavItem, SiteData, VersionData } from '../contract.gen';
import { SiteProvider } from '../app/SiteContext';
import { StaticRouter, type Location, type NavigationAction } from '../app/router';
import { ColorModeProvider } from './colorMode';
import { ShellProviders } from './Layout';

export const fixtureVersions: VersionData[] = [
  {
    name: 'current',
    label: 'Next',
    isLast: true,
    path: '/docs/',
    mainDocId: 'introduction',
    docs: {
      introduction: { path: '/docs/introduction/', sidebar: 'docs' },
      'getting-started/authorization': { path: '/docs/getting-started/authorization/', sidebar: 'docs' },
      'api/ccd': { path: '/docs/api/ccd/', sidebar: 'api' },
      'tutorials/index': { path: '/docs/tutorials/', sidebar: 'tutorials' },
    },
  },
];

export const fixtureNavbar: NavItem[] = [
  { type: 'doc', docId: 'introduction', label: 'Docs', position: 'left', resolvedTo: '/docs/introduction/', resolvedLabel: 'introduction', activeSidebar: 'docs' },
  { type: 'docSidebar', sidebarId: 'api', label: 'API', position: 'left', resolvedTo: '/docs/api/ccd/', resolvedLabel: 'CCD API', activeSidebar: 'api' },
  { type: 'docSidebar', sidebarId: 'tutorials', label: 'Tutorials', position: 'left', resolvedTo: '/docs/tutorials/', resolvedLabel: 'Tutorials', activeSidebar: 'tutorials' },
  { type: 'default', href: 'https://www.example.org/', label: 'Quillmoor Health', position: 'right' },
];

export function fixtureSite(overrides: Partial<SiteData> = {}): SiteData {
  const base: SiteData = {
    title: 'Quillmoor Developer Portal',
    tagline: 'FHIR APIs',
    url: 'https://developer.example.org',
    baseUrl: '/',
    titleDelimiter: '|',
    noIndex: false,
    baseUrlIssueBanner: true,
    searchIndex: '',
    i18n: {
      defaultLocale: 'en',
      locales: ['en'],
      localeConfigs: { en: { label: 'English', htmlLang: 'en', direction: 'ltr', path: 'en' } },
    },
    themeConfig: {
      colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false },
      navbar: {
        title: 'Quillmoor Developer Portal',
        logo: { alt: 'Quillmoor Health Exchange', src: 'img/logo.svg', width: 55, height: 50 },
        hideOnScroll: false,
      },
      footer: {
        style: 'dark',
        links: [
          {
            title: 'Provider APIs',
            items: [
              { label: 'Patient Access API', to: '/docs/api/fhir/certified/provider/patient-access' },
              { label: 'FHIR Validator', href: 'https://validator.fhir.org/' },
              { html: '<span class="custom">Raw</span>' },
            ],
          },
        ],
        logo: { alt: 'Quillmoor Health Exchange', src: 'img/logo-wide.svg', width: 350, height: 60 },
        copyright: 'Copyright © 2025 Quillmoor Health Exchange.',
      },
      docs: { versionPersistence: 'localStorage', sidebar: { hideable: false, autoCollapseCategories: false } },
      tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
      mermaid: { theme: { light: 'neutral', dark: 'dark' } },
    },
    docs: { routeBasePath: 'docs', breadcrumbs: true, versions: fixtureVersions },
    navbar: fixtureNavbar,
  };
  return { ...base, ...overrides };
}

/** A site whose theme config differs from the fixture in the given parts. */
export function siteWithTheme(theme: Partial<SiteData['themeConfig']>, overrides: Partial<SiteData> = {}): SiteData {
  const site = fixtureSite(overrides);
  return { ...site, themeConfig: { ...site.themeConfig, ...theme } };
}

export function fixturePage(overrides: Partial<PageData> = {}): PageData {
  return {
    path: '/docs/introduction/',
    kind: 'doc',
    title: 'Introduction',
    canonical: 'https://developer.example.org/docs/introduction/',
    alternates: [],
    html: '<p>Hello</p>',
    toc: [],
    doc: { id: 'introduction', version: 'current', sidebar: 'docs' },
    ...overrides,
  };
}

export interface ShellRenderOptions {
  site?: SiteData;
  page?: PageData;
  location?: Partial<Location>;
  /** Wrap in ColorModeProvider (default true). */
  colorMode?: boolean;
  /** Wrap in the shell's providers (announcement bar, versions, navbar state; default true). */
  shell?: boolean;
}

export interface ShellRenderResult extends RenderResult {
  /** Re-renders the same tree at a new location (a client-side navigation). */
  /** Shows another location, reached by action ('push' unless given). */
  navigateTo: (location: Partial<Location>, page?: PageData, action?: NavigationAction) => void;
}

function locationOf(partial: Partial<Location> | undefined, page: PageData): Location {
  return { pathname: page.path, search: '', hash: '', ...partial };
}

export function renderWithSite(ui: ReactNode, options: ShellRenderOptions = {}): ShellRenderResult {
  const site = options.site ?? fixtureSite();
  let page = options.page ?? fixturePage();
  const tree = (location: Location, p: PageData, action?: NavigationAction) => {
    let inner = ui;
    if (options.shell !== false) inner = <ShellProviders>{inner}</ShellProviders>;
    if (options.colorMode !== false) inner = <ColorModeProvider>{inner}</ColorModeProvider>;
    return (
      <SiteProvider site={site}>
        <StaticRouter location={location} action={action} page={p} sidebar={null}>
          {inner}
        </StaticRouter>
      </SiteProvider>
    );
  };
  const result = render(tree(locationOf(options.location, page), page));
  return {
    ...result,
    navigateTo: (location, nextPage, action = 'push') => {
      page = nextPage ?? { ...page, path: location.pathname ?? page.path };
      result.rerender(tree(locationOf(location, page), page, action));
    },
  };
}

/** A (min-width) or (max-width) query against the window's width (setWindowWidth); other queries do not match. */
function widthMatches(query: string): boolean {
  const width = /^\((min|max)-width:\s*(\d+)px\)$/.exec(query.trim());
  if (!width) return false;
  return width[1] === 'min' ? window.innerWidth >= Number(width[2]) : window.innerWidth <= Number(width[2]);
}

/** jsdom has no matchMedia: a controllable stub; width queries follow the window's width. */
export function stubMatchMedia(initial: Record<string, boolean> = {}) {
  const state = { ...initial };
  const listeners = new Map<string, Set<(e: MediaQueryListEvent) => void>>();
  const matchMedia = vi.fn((query: string) => ({
    get matches() {
      return state[query] ?? widthMatches(query);
    },
    media: query,
    onchange: null,
    addEventListener: (_type: string, fn: (e: MediaQueryListEvent) => void) => {
      if (!listeners.has(query)) listeners.set(query, new Set());
      listeners.get(query)!.add(fn);
    },
    removeEventListener: (_type: string, fn: (e: MediaQueryListEvent) => void) => listeners.get(query)?.delete(fn),
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
  vi.stubGlobal('matchMedia', matchMedia);
  return {
    matchMedia,
    /** Changes a query's result and notifies its listeners. */
    set(query: string, matches: boolean) {
      state[query] = matches;
      for (const fn of listeners.get(query) ?? []) fn({ matches, media: query } as MediaQueryListEvent);
    },
  };
}

/** Sets the window width and fires resize (the layout is mobile at 996 px and below). */
export function setWindowWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}
