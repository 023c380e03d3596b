// The document head of every page (reference 2.5, 7.9; spec section 2): the
// title format, description, canonical and hreflang links, Open Graph and
// Twitter tags, favicon, colour mode before first paint, and the base-URL
// issue banner.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { FIXTURE_URL, PAGES, pageData, seedStorage, SITE_TITLE, SITE_URL } from './helpers';

const head = (page: Page) => ({
  meta: (attr: 'name' | 'property', key: string) => page.locator(`head meta[${attr}="${key}"]`),
  link: (rel: string) => page.locator(`head link[rel="${rel}"]`),
});

test.describe('document head', () => {
  test('a doc page: "<page> | <site>" title, description, canonical, hreflang and social tags', async ({ page, request }) => {
    const data = await pageData(request, PAGES.authorization);
    await page.goto(PAGES.authorization);
    const h = head(page);
    const title = `${data.title} | ${SITE_TITLE}`;
    await expect(page).toHaveTitle(title);
    await expect(h.meta('property', 'og:title')).toHaveAttribute('content', title);
    expect(data.description, 'the doc has a description').toBeTruthy();
    await expect(h.meta('name', 'description')).toHaveAttribute('content', data.description);
    await expect(h.meta('property', 'og:description')).toHaveAttribute('content', data.description);
    const canonical = SITE_URL + PAGES.authorization;
    await expect(h.link('canonical')).toHaveAttribute('href', canonical);
    await expect(h.meta('property', 'og:url')).toHaveAttribute('content', canonical);
    await expect(page.locator('head link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', canonical);
    await expect(page.locator('head link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', canonical);
    await expect(h.meta('name', 'twitter:card')).toHaveAttribute('content', 'summary_large_image');
    await expect(h.meta('name', 'viewport')).toHaveAttribute('content', 'width=device-width, initial-scale=1.0');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    // Each tag once: the client must not duplicate what the server wrote.
    await expect(h.link('canonical')).toHaveCount(1);
    await expect(h.meta('property', 'og:title')).toHaveCount(1);
  });

  test('og:locale names the page language (htmlLang with "_" for "-")', async ({ page }) => {
    await page.goto(PAGES.authorization);
    await expect(head(page).meta('property', 'og:locale')).toHaveAttribute('content', 'en');
    await expect(head(page).meta('property', 'og:locale:alternate')).toHaveCount(0); // English only
  });

  test('the home page is titled with the site title alone and has its canonical URL', async ({ page }) => {
    await page.goto(PAGES.home);
    await expect(page).toHaveTitle(SITE_TITLE);
    await expect(head(page).link('canonical')).toHaveAttribute('href', `${SITE_URL}/`);
    await expect(page.locator('head link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', `${SITE_URL}/`);
  });

  test('the favicon is linked and served', async ({ page, request }) => {
    await page.goto(PAGES.home);
    const href = await head(page).link('icon').getAttribute('href');
    expect(href).toBe('/img/favicon.svg');
    const res = await request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('image/svg+xml');
  });

  test('the not-found page is titled "Page Not Found | <site>" and not indexed', async ({ page }) => {
    await page.goto(PAGES.notFound);
    await expect(page).toHaveTitle(`Page Not Found | ${SITE_TITLE}`);
    await expect(head(page).meta('name', 'robots')).toHaveAttribute('content', 'noindex, nofollow');
  });
});

test.describe('colour mode before first paint', () => {
  /** Records <html data-theme> at the moment <body> is created, before any body content can paint. */
  async function themeAtFirstPaint(page: Page) {
    await page.addInitScript(() => {
      const w = window as unknown as { __themeAtBody?: string | null; __scriptsBeforeBody?: number };
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        w.__themeAtBody = document.documentElement.getAttribute('data-theme');
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
  }

  test('a stored dark choice is applied by the inline script before the body exists', async ({ page }) => {
    await seedStorage(page, { theme: 'dark' });
    await themeAtFirstPaint(page);
    // The bundle must not be what sets it: block it.
    await page.route('**/assets/theme/*.js', (r) => r.abort());
    const response = await page.goto(PAGES.authorization);
    expect(await response!.text()).toContain('data-theme="light"'); // the server HTML has the default
    expect(await page.evaluate(() => (window as unknown as { __themeAtBody?: string }).__themeAtBody)).toBe('dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('a stored light choice beats a dark system preference', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await seedStorage(page, { theme: 'light' });
    await themeAtFirstPaint(page);
    await page.goto(PAGES.intro);
    expect(await page.evaluate(() => (window as unknown as { __themeAtBody?: string }).__themeAtBody)).toBe('light');
  });

  test('without a stored choice the portal starts light even when the system is dark', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await themeAtFirstPaint(page);
    await page.goto(PAGES.intro);
    expect(await page.evaluate(() => (window as unknown as { __themeAtBody?: string }).__themeAtBody)).toBe('light');
  });

  test('a site that respects the system preference starts dark on a dark system', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await themeAtFirstPaint(page);
    await page.route('**/assets/theme/*.js', (r) => r.abort());
    await page.goto(`${FIXTURE_URL}/docs/`);
    expect(await page.evaluate(() => (window as unknown as { __themeAtBody?: string }).__themeAtBody)).toBe('dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme-choice', 'system');
  });
});

test.describe('base-URL issue banner', () => {
  // Portal's ids; the texts name Portal where the replaced site named its framework.
  const banner = '#__portal-base-url-issue-banner';

  test('is not shown when the site loads normally', async ({ page }) => {
    await page.goto(PAGES.home);
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    await expect(page.locator(banner)).toBeHidden();
  });

  test('stays hidden by the site CSS when only the scripts failed', async ({ page }) => {
    await page.route('**/assets/theme/*.js', (r) => r.abort());
    await page.goto(PAGES.home);
    await page.waitForLoadState('load');
    await expect(page.locator(banner)).toBeHidden();
  });

  test('appears on the home page when neither scripts nor styles loaded, with a suggested base URL', async ({ page }) => {
    await page.route(/\.(js|css)(\?.*)?$/, (r) => r.abort());
    await page.goto(PAGES.home);
    await page.waitForLoadState('load');
    const el = page.locator(banner);
    await expect(el).toBeVisible();
    await expect(el).toContainText('Your Portal site did not load properly.');
    await expect(el).toContainText('A very common reason is a wrong site baseUrl configuration.');
    await expect(el).toContainText('Current configured baseUrl = / (default value)');
    await expect(el).toContainText('We suggest trying baseUrl = /');
    await expect(page.locator('#__portal-base-url-issue-banner-suggestion-container')).toContainText('/');
  });

  test('is never part of other pages', async ({ page }) => {
    await page.route(/\.(js|css)(\?.*)?$/, (r) => r.abort());
    await page.goto(PAGES.authorization);
    await page.waitForLoadState('load');
    await expect(page.locator(banner)).toHaveCount(0);
  });
});
