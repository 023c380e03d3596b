// Small site, page and sidebar data for the app's tests, in the shapes the
// engine writes (contract.gen.ts).
import type { PageData, RouteManifest, SidebarItem, SidebarsData, SiteData } from '../contract.gen';

export const site: SiteData = {
  title: 'Test Portal',
  tagline: 'Tests',
  url: 'https://docs.example.org',
  baseUrl: '/',
  titleDelimiter: '|',
  noIndex: false,
  baseUrlIssueBanner: true,
  searchIndex: '',
  i18n: { defaultLocale: 'en', locales: ['en'], localeConfigs: { en: { label: 'English', htmlLang: 'en', direction: 'ltr', path: 'en' } } },
  themeConfig: {
    colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false },
    navbar: { title: 'Test Portal', hideOnScroll: false },
    docs: { versionPersistence: 'localStorage', sidebar: { hideable: true, autoCollapseCategories: false } },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    mermaid: { theme: { light: 'neutral', dark: 'dark' } },
  },
  docs: {
    routeBasePath: 'docs',
    breadcrumbs: true,
    versions: [
      {
        name: 'current',
        label: 'Next',
        isLast: true,
        path: '/docs/',
        mainDocId: 'intro',
        docs: { intro: { path: '/docs/', sidebar: 'main' }, other: { path: '/docs/other/', sidebar: 'main' } },
      },
    ],
  },
  navbar: [
    { type: 'doc', position: 'left', label: 'Docs', docId: 'intro', resolvedTo: '/docs/', activeSidebar: 'main' },
    { type: 'default', position: 'right', label: 'Elsewhere', href: 'https://example.org/' },
  ],
};

function base(path: string, title: string): Omit<PageData, 'kind'> {
  return {
    path,
    title,
    canonical: site.url + path,
    alternates: [
      { hreflang: 'en', href: site.url + path },
      { hreflang: 'x-default', href: site.url + path },
    ],
    html: `<p>${title} body.</p>`,
    toc: [],
  };
}

export const homePage: PageData = { ...base('/', 'Test Portal'), kind: 'page', html: '<h1>Welcome</h1><p>Home body.</p>' };

export const introPage: PageData = {
  ...base('/docs/', 'Introduction'),
  kind: 'doc',
  html: '<p>Intro body.</p><h2 id="details">Details</h2><p>More.</p>',
  toc: [{ value: 'Details', id: 'details', level: 2 }],
  doc: { id: 'intro', version: 'current', sidebar: 'main', next: { title: 'Other', permalink: '/docs/other/' } },
};

export const otherPage: PageData = {
  ...base('/docs/other/', 'Other'),
  kind: 'doc',
  html: '<p>Other body.</p><h2 id="section">Section</h2><p>Text.</p>',
  toc: [{ value: 'Section', id: 'section', level: 2 }],
  doc: { id: 'other', version: 'current', sidebar: 'main', previous: { title: 'Introduction', permalink: '/docs/' } },
};

export const notFoundPage: PageData = { ...base('/404.html', 'Page Not Found'), kind: 'not-found', html: '', toc: [], alternates: [], noIndex: true };

export const sidebar: SidebarItem[] = [
  { type: 'link', label: 'Introduction', href: '/docs/', docId: 'intro' },
  { type: 'link', label: 'Other', href: '/docs/other/', docId: 'other' },
];

export const sidebars: SidebarsData = { current: { main: sidebar } };

export const manifest: RouteManifest = {
  baseUrl: '/',
  routes: [
    { path: '/', kind: 'page', title: 'Test Portal', data: '/data/pages/index.json', locale: 'en' },
    { path: '/docs/', kind: 'doc', title: 'Introduction', data: '/data/pages/docs.json', sidebar: 'main', version: 'current', locale: 'en' },
    { path: '/docs/other/', kind: 'doc', title: 'Other', data: '/data/pages/docs--other.json', sidebar: 'main', version: 'current', locale: 'en' },
    { path: '/docs/bad/', kind: 'doc', title: 'Bad', data: '/data/pages/docs--bad.json', sidebar: 'main', version: 'current', locale: 'en' },
  ],
  redirects: [],
  notFoundData: '/data/pages/404.json',
  siteData: '/data/site.json',
  sidebarsData: '/data/sidebars.json',
  // What the engine writes for links to these forms (route.Manifest.Resolve,
  // whose answers for them internal/route's TestResolve checks); the last
  // stands for a link written with a non-ASCII path.
  aliases: {
    '/docs/other': '/docs/other/',
    '/docs/other.html': '/docs/other/',
    '/docs/other/index.html': '/docs/other/',
    '/index.html': '/',
    '/docs/café': '/docs/other/',
  },
};

/** The files a test server answers with, by URL. */
export function dataFiles(): Record<string, unknown> {
  return {
    '/routes.json': manifest,
    '/data/pages/index.json': homePage,
    '/data/pages/docs.json': introPage,
    '/data/pages/docs--other.json': otherPage,
    '/data/pages/docs--bad.json': { path: '/docs/bad/', title: 'No kind' },
    '/data/pages/404.json': notFoundPage,
    '/data/sidebars.json': sidebars,
  };
}

export interface FakeServer {
  fetch: (input: RequestInfo | URL) => Promise<Response>;
  /** Every URL requested, in order. */
  requests: string[];
  /** URLs answered with HTTP 500 until removed. */
  failing: Set<string>;
  /** URLs held until release() is called. */
  hold: (url: string) => void;
  release: (url: string) => void;
}

/** A fetch that serves dataFiles(), records requests, and can fail or hold URLs. */
export function fakeServer(files: Record<string, unknown> = dataFiles()): FakeServer {
  const requests: string[] = [];
  const failing = new Set<string>();
  const held = new Map<string, Array<() => void>>();
  const holding = new Set<string>();
  const respond = (url: string): Response => {
    if (failing.has(url)) return new Response('boom', { status: 500 });
    if (!(url in files)) return new Response('not found', { status: 404 });
    return new Response(JSON.stringify(files[url]), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
  return {
    requests,
    failing,
    hold: (url) => holding.add(url),
    release: (url) => {
      holding.delete(url);
      for (const go of held.get(url) ?? []) go();
      held.delete(url);
    },
    fetch: (input) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost').pathname;
      requests.push(url);
      if (holding.has(url)) {
        return new Promise((resolve) => {
          held.set(url, [...(held.get(url) ?? []), () => resolve(respond(url))]);
        });
      }
      return Promise.resolve(respond(url));
    },
  };
}
