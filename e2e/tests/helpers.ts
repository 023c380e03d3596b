// Shared helpers of the browser suite.
import { expect, type APIRequestContext, type ConsoleMessage, type Page } from '@playwright/test';
import type { PageData } from '../../theme/src/contract.gen';

export const BASE_URL = `http://127.0.0.1:${process.env.PORTAL_E2E_PORT ?? 4173}`;
/** The fixture site (fixtures/dropdowns): dropdowns, versions, locales, hideOnScroll, system colour mode. */
export const FIXTURE_URL = `http://127.0.0.1:${process.env.PORTAL_E2E_FIXTURE_PORT ?? 4174}`;
// The engine's FHIR fixture site (internal/pipeline/testdata/fhir-site).
export const FHIR_URL = `http://127.0.0.1:${process.env.PORTAL_E2E_FHIR_PORT ?? 4175}`;

export const SITE_TITLE = 'Quillmoor Developer Portal';
export const SITE_URL = 'https://developer.example.org';

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 375, height: 667 };

/** Portal pages the suite uses by name. */
export const PAGES = {
  home: '/',
  intro: '/docs/',
  authorization: '/docs/getting-started/authorization/',
  ipAllowList: '/docs/getting-started/ip-allow-list/',
  registration: '/docs/getting-started/registration/',
  sandbox: '/docs/gettings-started/sandbox/',
  patientImage: '/docs/api/patient-image/',
  tutorials: '/docs/tutorials/',
  notFound: '/docs/this-page-does-not-exist/',
} as const;

export interface RouteEntry {
  path: string;
  kind: string;
  title: string;
  data: string;
  sidebar?: string;
}

export interface Manifest {
  routes: RouteEntry[];
  notFoundData: string;
  sidebarsData: string;
  siteData: string;
}

export async function manifest(request: APIRequestContext, base = BASE_URL): Promise<Manifest> {
  const res = await request.get(`${base}/routes.json`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Manifest;
}

export async function route(request: APIRequestContext, path: string, base = BASE_URL): Promise<RouteEntry> {
  const r = (await manifest(request, base)).routes.find((e) => e.path === path);
  if (!r) throw new Error(`no route ${path} in ${base}/routes.json`);
  return r;
}

/** The page data a route's JSON file holds. */
export async function pageData(request: APIRequestContext, path: string, base = BASE_URL): Promise<PageData> {
  const r = await route(request, path, base);
  return (await (await request.get(base + r.data)).json()) as PageData;
}

/** Loads a URL and waits until React has hydrated it. */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  return response;
}

/** Resolves once a server a test started answers url (30 s at most). */
export async function waitUp(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

/** Seeds localStorage before any script of the site runs. */
export async function seedStorage(page: Page, values: Record<string, string>) {
  await page.addInitScript((entries) => {
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
  }, values);
}

export interface ConsoleProblems {
  messages: string[];
}

/**
 * Collects console errors and warnings and uncaught page errors. The
 * browser's own "Failed to load resource … 404" line for a not-found
 * document is expected and left out.
 */
export function watchConsole(page: Page): ConsoleProblems {
  const problems: ConsoleProblems = { messages: [] };
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() !== 'error' && msg.type() !== 'warning') return;
    if (/Failed to load resource: the server responded with a status of 404/.test(msg.text()) && msg.location().url === page.url()) return;
    problems.messages.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.messages.push(`pageerror: ${err.message}`));
  return problems;
}

/** Makes the browser report a slow or metered connection, before the site's scripts run. */
export async function emulateConnection(page: Page, connection: { saveData?: boolean; effectiveType?: string }) {
  await page.addInitScript((c) => {
    Object.defineProperty(Navigator.prototype, 'connection', {
      configurable: true,
      get: () => ({ effectiveType: '4g', saveData: false, addEventListener() {}, removeEventListener() {}, ...c }),
    });
  }, connection);
}

/** Requests for page data, the route table or the sidebars (what client navigation and prefetch load). */
export function isDataRequest(url: string): boolean {
  const { pathname } = new URL(url);
  return pathname.startsWith('/data/') || pathname === '/routes.json';
}

export function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}

/** Resolves once the page has drawn two more frames (what a scroll or a layout change has led to is on screen). */
export function nextFrames(page: Page) {
  return page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

/**
 * Scrolls down the way a reader does, a quarter of a screen at a time and
 * letting each step reach the screen, until done() says to stop (at most
 * `steps` steps). A step never outruns what the browser renders ahead of the
 * viewport, however slow the machine: each is drawn before the next.
 */
export async function scrollLikeAReader(page: Page, done: () => Promise<boolean>, steps = 60) {
  const step = Math.round((page.viewportSize()?.height ?? 800) / 4);
  for (let i = 0; i < steps && !(await done()); i++) {
    await page.mouse.wheel(0, step);
    await nextFrames(page);
  }
}
