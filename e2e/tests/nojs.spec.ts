// Every route works without JavaScript (spec section 2): the prerendered
// HTML carries the title, content, navbar, footer, and on docs the sidebar
// and table of contents; every internal link answers 200. Also the server's
// URL normalisation and config redirects.
import { expect, test } from './fixtures';
import { BASE_URL, FIXTURE_URL, manifest, PAGES, SITE_TITLE } from './helpers';

test.use({ javaScriptEnabled: false });

// One test per slice of the routes keeps a failure's report short and each
// test well within its timeout on a loaded machine.
const SLICES = 4;
for (let slice = 0; slice < SLICES; slice++) {
  test(`every route renders its title, content, navbar, footer, sidebar and TOC without JavaScript; every internal link answers 200 (slice ${slice + 1} of ${SLICES})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const m = await manifest(request);
    expect(m.routes.length).toBeGreaterThan(0);
    const links = new Map<string, string>(); // link → first page it was seen on
    for (const r of m.routes.filter((_, i) => i % SLICES === slice)) {
      await test.step(r.path, async () => {
        const res = await page.goto(r.path);
        expect(res?.status(), r.path).toBe(200);
        const data = await (await request.get(r.data)).json();
        const expectedTitle = r.kind === 'home' || !data.title || data.title === SITE_TITLE ? SITE_TITLE : `${data.title} | ${SITE_TITLE}`;
        await expect(page, r.path).toHaveTitle(expectedTitle);
        await expect(page.getByRole('navigation', { name: 'Main' }), r.path).toBeVisible();
        await expect(page.locator('footer'), r.path).toBeVisible();
        await expect(page.locator('#__portal main, #__portal [role="main"]').first(), r.path).toBeVisible();
        if (r.kind === 'doc') {
          if (!data.hideTitle) await expect(page.locator('article h1').first(), r.path).toHaveText(data.title);
          if (r.sidebar) await expect(page.getByRole('navigation', { name: 'Docs sidebar' }), r.path).toBeVisible();
          const tocEntries = (data.toc ?? []).length;
          if (tocEntries > 0 && !data.hideTableOfContents) {
            await expect(page.locator('.table-of-contents').first(), r.path).toBeVisible();
            expect(await page.locator('.table-of-contents a').count(), r.path).toBeGreaterThanOrEqual(tocEntries);
          }
        }
        const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
        for (const href of hrefs) {
          const u = new URL(href);
          if (u.origin !== BASE_URL) continue;
          const key = u.pathname + u.search;
          if (!links.has(key)) links.set(key, r.path);
        }
      });
    }
    const broken: string[] = [];
    for (const [link, from] of links) {
      const res = await request.get(link);
      if (res.status() !== 200) broken.push(`${link} (on ${from}): ${res.status()}`);
    }
    expect(broken).toEqual([]);
  });
}

test('the not-found page renders without JavaScript, with status 404', async ({ page }) => {
  const res = await page.goto(PAGES.notFound);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.locator('footer')).toBeVisible();
});

test.describe('URL normalisation on the server', () => {
  test('a path without its trailing slash, or ending in index.html or .html, redirects to the route', async ({ request }) => {
    for (const from of ['/docs/getting-started/authorization', '/docs/getting-started/authorization/index.html', '/docs/getting-started/authorization.html']) {
      const res = await request.get(from, { maxRedirects: 0 });
      expect(res.status(), from).toBe(301);
      expect(new URL(res.headers()['location'], BASE_URL).pathname, from).toBe(PAGES.authorization);
    }
  });

  test('routes match exactly: another case is not found', async ({ request }) => {
    expect((await request.get('/DOCS/getting-started/authorization/', { maxRedirects: 0 })).status()).toBe(404);
  });

  // The portal's /baseUrls redirect lands with its target page (the engine
  // link-checks redirect targets); the mechanism is checked on the fixture.
  test('a config redirect answers 301 and its target loads', async ({ request }) => {
    const res = await request.get(`${FIXTURE_URL}/old-intro`, { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(new URL(res.headers()['location'], FIXTURE_URL).pathname).toBe('/docs/');
    expect((await request.get(`${FIXTURE_URL}/old-intro`)).status()).toBe(200);
  });
});

test('a diagram shows its source as a readable code block without JavaScript', async ({ page }) => {
  await page.goto(PAGES.authorization);
  const source = page.locator('pre.mermaid').first();
  await expect(source).toBeVisible();
  await expect(source).toContainText('sequenceDiagram');
  await expect(source).toContainText('participant App as Your app');
  const style = await source.evaluate((el) => {
    const s = getComputedStyle(el);
    return { align: s.textAlign, font: s.fontFamily, whiteSpace: s.whiteSpace, visibility: s.visibility };
  });
  expect(style).toEqual({ align: 'left', font: expect.stringMatching(/mono/i), whiteSpace: 'pre', visibility: 'visible' });
});
