// The navigation runtime (reference 7.1–7.7; spec sections 2, 4, 7): the
// progress bar only for slow loads, the loading state on back/forward, a
// failed load (reload on click, Retry box on back/forward), scrolling to the
// hash or the top, and prefetching.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { emulateConnection, FIXTURE_URL, gotoHydrated, isDataRequest, manifest, PAGES, route, sleep, watchConsole, type RouteEntry } from './helpers';

const sidebarLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name, exact: true });

/** Records, in page time, when elements matching the selector first appear. */
async function watchAppearance(page: Page, selector: string) {
  await page.evaluate((sel) => {
    const w = window as unknown as { __appeared?: number | null; __startedAt?: number };
    w.__appeared = null;
    new MutationObserver((_, observer) => {
      if (document.querySelector(sel)) {
        w.__appeared = performance.now();
        observer.disconnect();
      }
    }).observe(document.body, { childList: true, subtree: true });
    document.addEventListener('click', () => (w.__startedAt = performance.now()), { capture: true, once: true });
    window.addEventListener('popstate', () => (w.__startedAt = performance.now()), { once: true });
  }, selector);
}

const appearedAfter = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __appeared?: number | null; __startedAt?: number };
    return w.__appeared == null || w.__startedAt == null ? null : w.__appeared - w.__startedAt;
  });

/**
 * Puts the browser one entry back from `path` without the app having loaded
 * it, so that Forward is a back/forward navigation to a page never fetched.
 */
async function stageForward(page: Page, path: string, from: string) {
  await page.evaluate((p) => history.pushState(null, '', p), path);
  await page.evaluate(() => history.back());
  await expect(page).toHaveURL(from);
}

test.describe('progress bar', () => {
  test('appears 200 ms after a slow route change begins and goes when the page is shown', async ({ page, request }) => {
    await gotoHydrated(page, PAGES.authorization);
    const target = await route(request, PAGES.registration);
    // The page's data is held until the old page has been seen to stay: a
    // fixed delay raced the assertions on a loaded machine.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${target.data}`, async (r) => {
      await held;
      await r.continue();
    });
    await watchAppearance(page, '#nprogress .bar');
    await sidebarLink(page, 'Registration').click();
    await expect(page.locator('#nprogress .bar')).toBeVisible();
    const after = await appearedAfter(page);
    expect(after).not.toBeNull();
    expect(after!).toBeGreaterThanOrEqual(190);
    // The old page stays while loading.
    await expect(page.locator('article h1').first()).toHaveText('Authorization');
    release();
    await expect(page.locator('article h1').first()).toHaveText(target.title, { timeout: 5000 });
    await expect(page.locator('#nprogress')).toHaveCount(0, { timeout: 3000 });
  });

  test('never appears for a fast navigation', async ({ page }) => {
    await gotoHydrated(page, PAGES.authorization);
    await page.waitForLoadState('networkidle'); // prefetches done
    await watchAppearance(page, '#nprogress');
    await sidebarLink(page, 'Registration').click();
    await expect(page).toHaveURL(PAGES.registration);
    await expect(page.locator('article h1').first()).not.toHaveText('Authorization');
    await sleep(400);
    expect(await appearedAfter(page)).toBeNull();
  });

  test('never appears for a hash change on the same page', async ({ page }) => {
    await gotoHydrated(page, PAGES.ipAllowList);
    await watchAppearance(page, '#nprogress');
    await page.locator('.table-of-contents a[href="#rules"]').first().click();
    await expect(page).toHaveURL(/#rules$/);
    await sleep(400);
    expect(await appearedAfter(page)).toBeNull();
  });
});

test.describe('loading state on back and forward', () => {
  test('shows nothing for 200 ms, then the spinner, then the page', async ({ page, request }) => {
    await gotoHydrated(page, PAGES.authorization);
    const target = await route(request, PAGES.registration);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route(`**${target.data}`, async (r) => {
      await gate;
      await r.continue();
    });
    await stageForward(page, PAGES.registration, PAGES.authorization);
    await watchAppearance(page, '#loader');
    await page.evaluate(() => history.forward());
    await expect(page.locator('#loader')).toBeVisible();
    const after = await appearedAfter(page);
    expect(after!).toBeGreaterThanOrEqual(190);
    release();
    await expect(page.locator('article h1').first()).toHaveText(target.title);
    await expect(page.locator('#loader')).toHaveCount(0);
  });

  test('a failed load shows the error in the red box; Retry loads again', async ({ page, request }) => {
    await gotoHydrated(page, PAGES.authorization);
    const target = await route(request, PAGES.registration);
    let fail = true;
    await page.route(`**${target.data}`, (r) => (fail ? r.fulfill({ status: 500, body: 'boom' }) : r.continue()));
    await stageForward(page, PAGES.registration, PAGES.authorization);
    await page.evaluate(() => history.forward());
    const box = page.getByRole('alert').filter({ hasText: 'Failed to load' });
    await expect(box).toContainText(`Failed to load ${target.data}: HTTP 500`);
    const colours = await box.evaluate((el) => {
      const s = getComputedStyle(el);
      return { color: s.color, background: s.backgroundColor, align: s.textAlign };
    });
    expect(colours.color).toBe('rgb(255, 255, 255)');
    expect(colours.background).not.toBe('rgba(0, 0, 0, 0)');
    expect(colours.align).toBe('center');
    fail = false;
    await box.getByRole('button', { name: 'Retry' }).click();
    await expect(page.locator('article h1').first()).toHaveText(target.title);
    await expect(box).toHaveCount(0);
  });
});

test('a failed load on a link click logs a warning and reloads the window at the new URL', async ({ page, request }) => {
  await gotoHydrated(page, PAGES.authorization);
  const target = await route(request, PAGES.registration);
  const problems = watchConsole(page);
  await page.route(`**${target.data}`, (r) => r.fulfill({ status: 500, body: 'boom' }));
  const reload = page.waitForRequest((r) => r.resourceType() === 'document' && new URL(r.url()).pathname === PAGES.registration);
  await sidebarLink(page, 'Registration').click();
  await reload;
  await expect(page.locator('article h1').first()).toHaveText(target.title);
  expect(problems.messages.some((m) => m.startsWith('warning:') && m.includes(`Failed to load ${target.data}`))).toBe(true);
});

test.describe('scrolling', () => {
  test('a same-page hash link scrolls to its heading without loading anything', async ({ page }) => {
    await gotoHydrated(page, PAGES.ipAllowList);
    await page.waitForLoadState('networkidle'); // prefetches done
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document' || (isDataRequest(r.url()) && r.headers()['sec-purpose'] !== 'prefetch')) requests.push(r.url());
    });
    await page.locator('.table-of-contents a[href="#errors"]').first().click();
    await expect(page).toHaveURL(/#errors$/);
    await expect
      .poll(async () => (await page.locator('h2#errors').boundingBox())?.y ?? -1)
      .toBeGreaterThanOrEqual(0);
    const y = (await page.locator('h2#errors').boundingBox())!.y;
    const navbar = (await page.locator('nav.navbar').boundingBox())!.height;
    expect(y).toBeGreaterThanOrEqual(navbar - 1); // not under the sticky navbar
    expect(y).toBeLessThan(navbar + 80);
    expect(requests).toEqual([]);
  });

  test('a new page starts at the top', async ({ page }) => {
    await gotoHydrated(page, PAGES.authorization);
    await page.mouse.wheel(0, 2500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await sidebarLink(page, 'Registration').click();
    await expect(page).toHaveURL(PAGES.registration);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a link to a heading of another page shows that page at the heading', async ({ page }) => {
    await gotoHydrated(page, PAGES.tutorials);
    const link = page.locator('article a[href="/docs/getting-started/registration/#prepare-a-jwk-set"]').first();
    await link.click();
    await expect(page).toHaveURL(`${PAGES.registration}#prepare-a-jwk-set`);
    await expect(page.locator('article h1').first()).toHaveText(/Regist/);
    await expect
      .poll(async () => (await page.locator('#prepare-a-jwk-set').boundingBox())?.y ?? -1)
      .toBeGreaterThanOrEqual(0);
    expect((await page.locator('#prepare-a-jwk-set').boundingBox())!.y).toBeLessThan(200);
  });

  test('back and forward through hash entries return to each heading', async ({ page }) => {
    await gotoHydrated(page, PAGES.ipAllowList);
    await page.locator('.table-of-contents a[href="#rules"]').first().click();
    await expect(page).toHaveURL(/#rules$/);
    await page.locator('.table-of-contents a[href="#errors"]').first().click();
    await expect(page).toHaveURL(/#errors$/);
    await page.goBack();
    await expect(page).toHaveURL(/#rules$/);
    await expect.poll(async () => Math.round((await page.locator('h2#rules').boundingBox())!.y)).toBeLessThan(200);
    await page.goBack();
    await expect(page).toHaveURL(PAGES.ipAllowList);
    await page.goForward();
    await expect(page).toHaveURL(/#rules$/);
    await expect(page.locator('article h1').first()).toHaveText('IP allow list');
  });

  test('after a client navigation the next Tab starts from the skip link or the main content', async ({ page }) => {
    await gotoHydrated(page, PAGES.authorization);
    await sidebarLink(page, 'Registration').click();
    await expect(page).toHaveURL(PAGES.registration);
    await expect(page.locator('article h1').first()).not.toHaveText('Authorization');
    await sleep(100);
    await page.keyboard.press('Tab');
    // Reference 2.6: focus returns to the skip-link region, so the next Tab
    // offers the skip link; focus on the main content wrapper is the other
    // accepted target (the next Tab then lands inside the page content).
    const where = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return 'body';
      if (el.matches('a.skip-to-content, [role="region"][aria-label="Skip to main content"] a')) return 'skip-link';
      if (el.closest('.main-wrapper')) return 'main';
      return el.outerHTML.slice(0, 100);
    });
    expect(where).toMatch(/^(skip-link|main)$/);
  });
});

test.describe('prefetch', () => {
  function countRequests(page: Page) {
    const urls: string[] = [];
    page.on('request', (r) => urls.push(new URL(r.url()).pathname));
    return (path: string) => urls.filter((u) => u === path).length;
  }

  // The fixture's introduction is long; its footer links a doc that no
  // other router link on the page (sidebar, navbar, pagination) points to.
  const FAR = '/docs/standalone/';
  const farLink = (page: Page) => page.locator(`footer a[href="${FAR}"]`);

  test('a link below the fold is prefetched on its first hover, and never twice', async ({ page, request }) => {
    const count = countRequests(page);
    await gotoHydrated(page, `${FIXTURE_URL}/docs/`);
    await page.waitForLoadState('networkidle');
    const farData = (await route(request, FAR, FIXTURE_URL)).data;
    expect(count(farData)).toBe(0);
    // Hover without scrolling (React's mouseenter comes from mouseover).
    await farLink(page).dispatchEvent('mouseover');
    await expect.poll(() => count(farData)).toBe(1);
    await farLink(page).dispatchEvent('mouseover');
    await farLink(page).scrollIntoViewIfNeeded();
    await farLink(page).hover();
    await sleep(300);
    expect(count(farData)).toBe(1);
  });

  test('a link below the fold is prefetched when it scrolls into view', async ({ page, request }) => {
    const count = countRequests(page);
    await gotoHydrated(page, `${FIXTURE_URL}/docs/`);
    await page.waitForLoadState('networkidle');
    const farData = (await route(request, FAR, FIXTURE_URL)).data;
    await sleep(300);
    expect(count(farData)).toBe(0);
    await farLink(page).evaluate((el) => el.scrollIntoView());
    await expect.poll(() => count(farData)).toBe(1);
    await page.mouse.wheel(0, -5000);
    await farLink(page).evaluate((el) => el.scrollIntoView());
    await sleep(300);
    expect(count(farData)).toBe(1);
  });

  test('prefetches use <link rel="prefetch">', async ({ page }) => {
    const purposes: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/data/pages/')) purposes.push(r.headers()['sec-purpose'] ?? r.resourceType());
    });
    await gotoHydrated(page, PAGES.ipAllowList);
    await page.waitForLoadState('networkidle');
    expect(purposes.length).toBeGreaterThan(0);
    expect(new Set(purposes)).toEqual(new Set(['prefetch']));
    expect(await page.locator('head link[rel="prefetch"][href^="/data/pages/"]').count()).toBe(purposes.length);
  });

  test('nothing is prefetched before the page has loaded, and links in view stay within the byte budget', async ({ page, request }) => {
    const routes = new Map((await manifest(request)).routes.map((r) => [r.data, r as RouteEntry & { dataBytes?: number }]));
    await gotoHydrated(page, PAGES.authorization);
    await page.waitForLoadState('networkidle');
    await page.mouse.wheel(0, 4000); // more links come into view
    await sleep(500);
    await page.waitForLoadState('networkidle');
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const prefetches = performance
        .getEntriesByType('resource')
        .filter((e) => /\/data\/pages\/|\/routes\.json$/.test(new URL(e.name).pathname))
        .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime }));
      return { loaded: nav.loadEventEnd, prefetches };
    });
    expect(timing.prefetches.length).toBeGreaterThan(0);
    for (const p of timing.prefetches) expect(p.start, p.path).toBeGreaterThanOrEqual(timing.loaded);
    const bytes = timing.prefetches.filter((p) => routes.has(p.path)).reduce((sum, p) => sum + (routes.get(p.path)!.dataBytes ?? 0), 0);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(200_000);
  });

  test('a link below the fold is prefetched when it gets the keyboard focus', async ({ page, request }) => {
    const count = countRequests(page);
    await gotoHydrated(page, `${FIXTURE_URL}/docs/`);
    await page.waitForLoadState('networkidle');
    const farData = (await route(request, FAR, FIXTURE_URL)).data;
    expect(count(farData)).toBe(0);
    // Focus without scrolling it into view: only the focus can prefetch it.
    await farLink(page).evaluate((a) => (a as HTMLElement).focus({ preventScroll: true }));
    await expect.poll(() => count(farData)).toBe(1);
  });

  for (const [name, connection] of [
    ['data-saver', { saveData: true }],
    ['a 2g connection', { effectiveType: '2g' }],
  ] as const) {
    test(`nothing is prefetched with ${name}, and navigation still works`, async ({ page }) => {
      await emulateConnection(page, connection);
      // Count from hydration on: the site data and sidebars the page loads
      // to hydrate are not prefetches.
      await gotoHydrated(page, PAGES.authorization);
      await page.waitForLoadState('networkidle');
      const data: string[] = [];
      page.on('request', (r) => isDataRequest(r.url()) && data.push(new URL(r.url()).pathname));
      await sidebarLink(page, 'Registration').hover();
      await page.mouse.wheel(0, 3000);
      await sleep(300);
      expect(data).toEqual([]);
      await sidebarLink(page, 'Registration').click();
      await expect(page).toHaveURL(PAGES.registration);
      await expect(page.locator('article h1').first()).not.toHaveText('Authorization');
      expect(data.length).toBeGreaterThan(0);
    });
  }
});
