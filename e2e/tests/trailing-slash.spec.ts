// Routes as Docusaurus writes them for each trailingSlash value (reference
// 2.3): the Docusaurus fixture internal/pipeline/testdata/trailing-slash is
// served by portal serve under each value, and the client router moves
// between its pages without a full page load and without rewriting the URL
// into the other form.
import { spawn, type ChildProcess } from 'node:child_process';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { gotoHydrated, waitUp } from './helpers';

const FIXTURE = '../internal/pipeline/testdata/trailing-slash';

const settings = [
  { setting: 'undefined', port: 4280, docs: '/docs/', install: '/docs/install', guide: '/docs/guide/', setup: '/docs/guide/setup' },
  { setting: 'false', port: 4281, docs: '/docs', install: '/docs/install', guide: '/docs/guide', setup: '/docs/guide/setup' },
  { setting: 'true', port: 4282, docs: '/docs/', install: '/docs/install/', guide: '/docs/guide/', setup: '/docs/guide/setup/' },
];

const sidebarLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name, exact: true });

for (const s of settings) {
  test.describe(`trailingSlash ${s.setting}`, () => {
    const origin = `http://127.0.0.1:${s.port}`;
    let server: ChildProcess | undefined;

    test.beforeAll(async () => {
      server = spawn('../bin/portal', ['serve', '--site', FIXTURE, '--env', `TRAILING_SLASH=${s.setting}`, '--addr', `127.0.0.1:${s.port}`], {
        stdio: 'ignore',
      });
      await waitUp(`${origin}/`);
    });

    test.afterAll(() => {
      server?.kill('SIGTERM');
    });

    test('the client router keeps each URL in the form the links write', async ({ page }) => {
      const documents: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'document') documents.push(new URL(r.url()).pathname);
      });
      await gotoHydrated(page, origin + s.docs);
      expect(new URL(page.url()).pathname).toBe(s.docs);
      await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

      for (const [link, path, heading] of [
        ['Install', s.install, 'Install'],
        ['Guide', s.guide, 'Guide'],
        ['Setup', s.setup, 'Setup'],
      ] as const) {
        await expect(sidebarLink(page, link)).toHaveAttribute('href', path);
        await sidebarLink(page, link).click();
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect.poll(() => new URL(page.url()).pathname).toBe(path);
      }
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1, name: 'Guide' })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(s.guide);

      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      expect(documents).toEqual([s.docs]);
    });
  });
}
