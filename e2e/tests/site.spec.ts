// The whole site, page by page: every URL of sitemap.xml is exactly the
// spec's route list plus the extension pages it leaves open, and each one
// answers 200 with one h1, a title, a description, no console error and no
// broken image.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { SITE_URL, watchConsole } from './helpers';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROUTES_TSV = join(HERE, '..', '..', '..', 'shared', 'spec', 'routes.tsv');
const SITE = join(HERE, '..', '..', 'site');

/** Pages issues added after the spec: issue 35's page on coding assistants. */
const ADDED_BY_ISSUES = ['/docs/getting-started/coding-assistants/'];

/** The spec's routes, the pages issues added, and the extension pages generated from the folders the spec does not list. */
function expectedPaths(): string[] {
  const routes = readFileSync(ROUTES_TSV, 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t')[0])
    .filter(Boolean);
  const extensionPages = (folder: string, route: string) =>
    readdirSync(join(SITE, 'fhir', folder))
      .filter((f) => f.endsWith('.json'))
      .map((f) => `${route}/${JSON.parse(readFileSync(join(SITE, 'fhir', folder, f), 'utf8')).id}/`);
  return [
    ...routes,
    ...ADDED_BY_ISSUES,
    ...extensionPages('v1/patient-access/extensions', '/docs/api/fhir/certified/v1/patient-access/extensions'),
    ...extensionPages('general/r4/callintake/extensions', '/docs/api/fhir/general/v1/r4/extensions'),
  ].sort();
}

async function sitemapPaths(page: Page): Promise<string[]> {
  const res = await page.request.get('/sitemap.xml');
  expect(res.status()).toBe(200);
  const xml = await res.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace(SITE_URL, '')).sort();
}

test('the sitemap lists every route of the spec, the pages issues added and the extension pages, nothing else', async ({ page }) => {
  const expected = expectedPaths();
  const listed = await sitemapPaths(page);
  expect(listed.filter((p) => !expected.includes(p)), 'in the sitemap but not in the spec').toEqual([]);
  expect(expected.filter((p) => !listed.includes(p)), 'in the spec but not in the sitemap').toEqual([]);
  expect(listed.length).toBe(expected.length);
});

// One test per slice of the sitemap keeps a failure's report short and the
// run within the test timeout.
const SLICES = 8;
for (let slice = 0; slice < SLICES; slice++) {
  test(`every page answers with one h1, a title, a description, no console error and no broken image (slice ${slice + 1} of ${SLICES})`, async ({ page }) => {
    test.setTimeout(300_000);
    const paths = (await sitemapPaths(page)).filter((_, i) => i % SLICES === slice);
    const problems: string[] = [];
    const checkedImages = new Set<string>();
    const console = watchConsole(page);
    for (const path of paths) {
      console.messages.length = 0;
      const res = await page.goto(path, { waitUntil: 'load' });
      if (res?.status() !== 200) {
        problems.push(`${path}: status ${res?.status()}`);
        continue;
      }
      // Hydration problems show up as console errors, so wait for React.
      await page.locator('html[data-has-hydrated="true"]').waitFor();
      const facts = await page.evaluate(() => ({
        h1: document.querySelectorAll('h1').length,
        title: document.title.trim(),
        description: document.querySelector('meta[name="description"]')?.getAttribute('content')?.trim() ?? '',
        brokenImages: [...document.images].filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.currentSrc || img.src),
        // Lazy images below the fold have not loaded yet: their URLs are fetched below.
        images: [...document.images].map((img) => img.currentSrc || img.src).filter((src) => src.startsWith('http')),
      }));
      for (const src of facts.images.filter((src) => !checkedImages.has(src))) {
        checkedImages.add(src);
        const img = await page.request.get(src);
        if (!img.ok() || !/^image\//.test(img.headers()['content-type'] ?? '')) problems.push(`${path}: image ${src} answers ${img.status()} ${img.headers()['content-type']}`);
      }
      if (facts.h1 !== 1) problems.push(`${path}: ${facts.h1} h1 elements`);
      if (!facts.title) problems.push(`${path}: no title`);
      if (!facts.description) problems.push(`${path}: no meta description`);
      for (const src of facts.brokenImages) problems.push(`${path}: broken image ${src}`);
      for (const m of console.messages) problems.push(`${path}: console ${m}`);
    }
    expect(problems).toEqual([]);
    expect(paths.length).toBeGreaterThan(20);
  });
}
