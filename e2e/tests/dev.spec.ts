// portal dev: a saved doc shows in the open page without a reload, and a
// broken portal.yaml shows the build's errors over the last good site,
// which keeps being served until the file is fixed.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { gotoHydrated } from './helpers';

const DEV_URL = `http://127.0.0.1:${process.env.PORTAL_E2E_DEV_PORT ?? 4176}`;
const SITE = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'dev-site');
const INTRO = join(SITE, 'docs', 'introduction.md');
const CONFIG = join(SITE, 'portal.yaml');

const overlay = (page: import('@playwright/test').Page) => page.getByRole('alertdialog', { name: /Build failed/ });

test('a saved doc shows in the open page without a reload, keeping the scroll position', async ({ page }) => {
  const original = readFileSync(INTRO, 'utf8');
  try {
    await gotoHydrated(page, `${DEV_URL}/docs/`);
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
      window.scrollTo(0, 300);
    });
    const token = `Saved in portal dev ${Date.now()}`;
    writeFileSync(INTRO, `${original}\n${token}\n`);
    await expect(page.getByText(token)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  } finally {
    writeFileSync(INTRO, original);
  }
});

test('a syntax error in portal.yaml shows the overlay; the last good site keeps serving; fixing it clears the overlay', async ({ page }) => {
  const original = readFileSync(CONFIG, 'utf8');
  try {
    await gotoHydrated(page, `${DEV_URL}/docs/`);
    writeFileSync(CONFIG, `${original}\ntitle: [unclosed\n`);
    await expect(overlay(page)).toBeVisible();
    await expect(overlay(page)).toContainText(/portal\.yaml:\d+:/);

    // The last good build still answers, and the overlay comes back with it.
    const res = await page.reload();
    expect(res?.status()).toBe(200);
    await expect(page.locator('article h1').first()).toBeVisible();
    await expect(overlay(page)).toBeVisible();

    writeFileSync(CONFIG, original);
    await expect(overlay(page)).toBeHidden();
    await expect(page.locator('article h1').first()).toBeVisible();
  } finally {
    writeFileSync(CONFIG, original);
  }
});
