// create-docusaurus's classic starter site, built unchanged (make
// docusaurus-templates fetches it): its React home page and its components
// render on the server, so the page reads with JavaScript off, and hydrate,
// so that code in the site's components and MDX runs in the browser as it
// does under Docusaurus.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { gotoHydrated, waitUp, watchConsole, type ConsoleProblems } from './helpers';

const TEMPLATES = '../.cache/docusaurus-templates/3.10.2';
const PORT = 4290;
const origin = `http://127.0.0.1:${PORT}`;

/** The console's problems but the authors' avatars, which the starter site loads from GitHub, out of this sandbox's reach. */
const offline = (problems: ConsoleProblems) => problems.messages.filter((m) => !m.includes('net::ERR_NAME_NOT_RESOLVED'));

/** Clicks, and returns the message of the alert the click shows (dismissed). */
async function alertOf(page: Page, click: () => Promise<void>): Promise<string> {
  const message = new Promise<string>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.dismiss();
    });
  });
  await click();
  return message;
}

/** Resolves once React has hydrated every site component (island) of the page. */
async function islandsHydrated(page: Page, count: number) {
  await page.waitForFunction(
    (n) => {
      const islands = Array.from(document.querySelectorAll('portal-island'));
      return islands.length === n && islands.every((el) => Object.keys(el).some((k) => k.startsWith('__reactContainer$')));
    },
    count,
  );
}

test.describe('the classic starter site', () => {
  let server: ChildProcess | undefined;
  let site = '';

  test.beforeAll(async () => {
    expect(existsSync(TEMPLATES), `${TEMPLATES} is missing: make e2e runs make docusaurus-templates first`).toBe(true);
    site = mkdtempSync(join(tmpdir(), 'portal-classic-'));
    // As create-docusaurus lays it out: the shared files, then the template's.
    cpSync(join(TEMPLATES, 'shared'), site, { recursive: true });
    cpSync(join(TEMPLATES, 'classic'), site, { recursive: true });
    server = spawn('../bin/portal', ['serve', '--site', site, '--addr', `127.0.0.1:${PORT}`], { stdio: 'ignore' });
    await waitUp(`${origin}/`);
  });

  test.afterAll(() => {
    server?.kill('SIGTERM');
    if (site) rmSync(site, { recursive: true, force: true });
  });

  test('the home page is the React page, readable without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    await expect(page).toHaveTitle('Hello from My Site | My Site');
    await expect(page.getByRole('heading', { level: 1, name: 'My Site' })).toBeVisible();
    await expect(page.getByText('Dinosaurs are cool')).toBeVisible();
    for (const feature of ['Easy to Use', 'Focus on What Matters', 'Powered by React']) {
      await expect(page.getByRole('heading', { level: 3, name: feature })).toBeVisible();
      await expect(page.getByRole('img', { name: feature })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Docusaurus Tutorial - 5min ⏱️' })).toHaveAttribute('href', '/docs/intro');
    await context.close();
  });

  test('the home page hydrates, and its link routes on the client', async ({ page }) => {
    const problems = watchConsole(page);
    await gotoHydrated(page, `${origin}/`);
    await islandsHydrated(page, 1);
    await page.getByRole('link', { name: 'Docusaurus Tutorial - 5min ⏱️' }).click();
    await expect(page).toHaveURL(`${origin}/docs/intro`);
    await expect(page.getByRole('heading', { level: 1, name: 'Tutorial Intro' })).toBeVisible();
    expect(offline(problems)).toEqual([]);
  });

  test("a blog post's JSX runs: its button's handler", async ({ page }) => {
    const problems = watchConsole(page);
    await gotoHydrated(page, `${origin}/blog/mdx-blog-post`);
    await islandsHydrated(page, 1);
    expect(await alertOf(page, () => page.getByRole('button', { name: 'Click me!' }).click())).toBe('button clicked!');
    expect(offline(problems)).toEqual([]);
  });

  test('a component the doc defines renders, and hydrates after client navigation', async ({ page }) => {
    const problems = watchConsole(page);
    await gotoHydrated(page, `${origin}/docs/intro`);
    await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Tutorial - Basics' }).click();
    await page.getByRole('link', { name: 'Markdown Features' }).first().click();
    await expect(page).toHaveURL(`${origin}/docs/tutorial-basics/markdown-features`);
    const green = page.locator('span[style]', { hasText: 'Docusaurus green' });
    await expect(green).toHaveCSS('background-color', 'rgb(37, 194, 160)');
    await islandsHydrated(page, 2);
    expect(await alertOf(page, () => green.click())).toBe('You clicked the color #25c2a0 with label Docusaurus green');
    expect(offline(problems)).toEqual([]);
  });
});
