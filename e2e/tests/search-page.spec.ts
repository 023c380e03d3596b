// The search page a Docusaurus site gets in place of Algolia DocSearch's
// (internal/pipeline/testdata/algolia-search): it runs the URL's ?q= after hydration, keeps
// the URL in step with what is typed, links each result to its page and
// heading with the client router, and the search modal leads to it.
import { spawn, type ChildProcess } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { gotoHydrated, waitUp } from './helpers';

const PORT = 4290;
const origin = `http://127.0.0.1:${PORT}`;
let server: ChildProcess | undefined;

test.beforeAll(async () => {
  server = spawn('../bin/portal', ['serve', '--site', '../internal/pipeline/testdata/algolia-search', '--addr', `127.0.0.1:${PORT}`], { stdio: 'ignore' });
  await waitUp(`${origin}/docs/intro`);
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

const searchbox = (page: import('@playwright/test').Page) => page.getByRole('main').getByRole('searchbox', { name: 'Search' });

test("runs the URL's query and lists the matching pages, with no axe violations", async ({ page }) => {
  await gotoHydrated(page, `${origin}/search?q=patient`);
  await expect(searchbox(page)).toHaveValue('patient');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for "patient"');
  await expect(page.getByText('3 documents found')).toBeVisible();
  const results = page.getByRole('article');
  await expect(results).toHaveCount(3);
  await expect(results.first().getByRole('heading', { level: 2 })).toHaveText('Patients');
  await expect(page.getByRole('link', { name: 'Matching' })).toHaveAttribute('href', '/docs/patients#matching');
  await expect(page).toHaveTitle('Search results for "patient" | Search fixture');
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations).toEqual([]);
});

test('typing replaces the query in the URL without a page load, and a result opens its heading', async ({ page }) => {
  const documents: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents.push(new URL(r.url()).pathname);
  });
  await gotoHydrated(page, `${origin}/search`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search the documentation');
  await expect(searchbox(page)).toBeFocused();
  await page.keyboard.type('polling');
  await expect(page).toHaveURL(`${origin}/search?q=polling`);
  await expect(page.getByText('One document found')).toBeVisible();
  await page.getByRole('link', { name: 'Polling' }).click();
  await expect(page).toHaveURL(`${origin}/docs/bulk-export#polling`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bulk export');
  expect(documents).toEqual(['/search']);

  await page.goBack();
  await expect(searchbox(page)).toHaveValue('polling');
  await expect(page.getByRole('article')).toHaveCount(1);
});

test('says so when nothing matches', async ({ page }) => {
  await gotoHydrated(page, `${origin}/search?q=zebra`);
  await expect(page.getByText('No results were found')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
});

test("the search modal's See all link opens the search page for the query", async ({ page }) => {
  await gotoHydrated(page, `${origin}/docs/intro`);
  await page.getByRole('button', { name: /^Search/ }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await dialog.getByRole('combobox').fill('consent');
  await dialog.getByRole('link', { name: /^See all \d+ results?$/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`${origin}/search?q=consent`);
  await expect(searchbox(page)).toHaveValue('consent');
  await expect(page.getByRole('article').first()).toContainText('Introduction');
});
