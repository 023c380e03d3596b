// Hydration and client-side navigation (reference 7.2): pages hydrate without
// console errors or warnings (a hydration mismatch logs one), and moving
// between docs loads only JSON data, never a document.
import { expect, test } from './fixtures';
import { gotoHydrated, isDataRequest, PAGES, pageData, SITE_TITLE, watchConsole } from './helpers';

for (const [name, path] of [
  ['home', PAGES.home],
  ['a doc', PAGES.ipAllowList],
  ['the not-found page', PAGES.notFound],
] as const) {
  test(`${name} hydrates without console errors or warnings`, async ({ page }) => {
    const problems = watchConsole(page);
    await gotoHydrated(page, path);
    await page.waitForLoadState('networkidle');
    expect(problems.messages).toEqual([]);
  });
}

test('the server HTML marks the document not hydrated; the client marks it hydrated', async ({ page, request }) => {
  const html = await (await request.get(PAGES.authorization)).text();
  expect(html.match(/<html[^>]*>/)?.[0]).toContain('data-has-hydrated="false"');
  await gotoHydrated(page, PAGES.authorization);
});

test('links inside the Markdown content navigate on the client', async ({ page }) => {
  await gotoHydrated(page, PAGES.tutorials);
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  const documents: string[] = [];
  page.on('request', (r) => r.resourceType() === 'document' && documents.push(r.url()));
  await page.locator('article .markdown a[href="/docs/getting-started/registration/#prepare-a-jwk-set"]').first().click();
  await expect(page).toHaveURL(`${PAGES.registration}#prepare-a-jwk-set`);
  await expect(page.locator('article h1').first()).toHaveText(/Regist/);
  expect(documents).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});

test('navigating between docs fetches only JSON, changes the URL and title, and keeps the document', async ({ page, request }) => {
  const problems = watchConsole(page);
  const target = await pageData(request, PAGES.registration);
  await gotoHydrated(page, PAGES.authorization);
  await page.waitForLoadState('networkidle'); // the page's own lazy chunks (diagrams) and prefetches
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  const requests: { type: string; url: string }[] = [];
  page.on('request', (r) => requests.push({ type: r.resourceType(), url: r.url() }));

  await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Registration', exact: true }).click();
  await expect(page).toHaveURL(PAGES.registration);
  await expect(page).toHaveTitle(`${target.title} | ${SITE_TITLE}`);
  await expect(page.locator('article h1').first()).toHaveText(target.title);

  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect(requests.filter((r) => r.type === 'document')).toEqual([]);
  // Only data, plus any lazy theme chunk the new page needs (e.g. diagrams)
  // and images (Chromium fetches the favicon again after a URL change).
  const other = requests.filter(
    (r) => !isDataRequest(r.url) && !/^\/assets\/theme\/.*\.js$/.test(new URL(r.url).pathname) && !/\.(svg|png|ico|webp|woff2?)$/.test(new URL(r.url).pathname),
  );
  expect(other).toEqual([]);
  // Back returns to the first doc, again without a document load.
  await page.goBack();
  await expect(page).toHaveURL(PAGES.authorization);
  await expect(page).toHaveTitle(/^Authorization \| /);
  expect(requests.filter((r) => r.type === 'document')).toEqual([]);
  expect(problems.messages).toEqual([]);
});

test('navbar and pagination links navigate on the client too', async ({ page }) => {
  await gotoHydrated(page, PAGES.home);
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  const documents: string[] = [];
  page.on('request', (r) => r.resourceType() === 'document' && documents.push(r.url()));
  await expect(page.locator('html')).toHaveClass(/\bplugin-pages\b/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Docs', exact: true }).click();
  await expect(page).toHaveURL(PAGES.intro);
  // The <html> page classes follow the page (reference 2.1).
  await expect(page.locator('html')).toHaveClass(/\bplugin-docs\b.*\bdocs-doc-id-introduction\b/);
  await expect(page.locator('html')).not.toHaveClass(/\bplugin-pages\b/);
  const next = page.locator('.pagination-nav__link--next');
  const nextHref = await next.getAttribute('href');
  await next.click();
  await expect(page).toHaveURL(nextHref!);
  expect(documents).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});
