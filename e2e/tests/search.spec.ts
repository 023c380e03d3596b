// Built-in search on the portal: the keyboard path, result latency after
// the first load, deep links to headings, focus return, accessibility with
// the modal open, and that no search request leaves the site's origin.
import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { BASE_URL, DESKTOP, gotoHydrated, MOBILE, PAGES, seedStorage } from './helpers';

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Search' });
const input = (page: Page) => dialog(page).getByRole('combobox');
const options = (page: Page) => dialog(page).getByRole('option');
const modifier = process.platform === 'darwin' ? 'Meta' : 'Control';

test('Ctrl+K opens search; Enter goes to the matching heading; Escape returns focus', async ({ page }) => {
  await gotoHydrated(page, PAGES.intro);
  await page.keyboard.press(`${modifier}+KeyK`);
  await expect(dialog(page)).toBeVisible();
  await expect(input(page)).toBeFocused();

  await input(page).fill('refresh token');
  await expect(options(page).first()).toBeVisible();
  await expect(input(page)).toHaveAttribute('aria-activedescendant', /.+/);
  await expect(options(page).first()).toContainText('Refresh an access token');
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeHidden();
  await expect(page).toHaveURL(`${BASE_URL}/docs/getting-started/authorization/#refresh-an-access-token`);
  await expect(page.locator('[id="refresh-an-access-token"]')).toBeInViewport();

  const opener = page.getByRole('button', { name: /^Search/ }).first();
  await opener.click();
  await expect(dialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await expect(opener).toBeFocused();
});

test('after the first load, results show within 100 ms of the last keystroke', async ({ page }) => {
  await gotoHydrated(page, PAGES.intro);
  await page.keyboard.press(`${modifier}+KeyK`);
  await input(page).fill('token');
  await expect(options(page).first()).toBeVisible();
  await input(page).fill('');

  // Timestamp the last keystroke and the first paint of results in the page
  // itself, so Playwright's own round trips do not count.
  await page.evaluate(() => {
    const w = window as unknown as { lastKey: number; shown: number };
    w.lastKey = 0;
    w.shown = 0;
    document.addEventListener('keyup', () => (w.lastKey = performance.now()), true);
    new MutationObserver(() => {
      const hit = document.querySelector('[role="dialog"] [role="option"]');
      if (hit && hit.textContent?.match(/allow/i) && !w.shown) w.shown = performance.now();
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await input(page).pressSequentially('ip allow', { delay: 40 });
  await expect(options(page).first()).toContainText(/allow/i);
  const latency = await page.evaluate(() => {
    const w = window as unknown as { lastKey: number; shown: number };
    return w.shown - w.lastKey;
  });
  expect(latency).toBeLessThan(100);
});

test('slash opens search, and types a slash while in a field', async ({ page }) => {
  await gotoHydrated(page, PAGES.intro);
  await page.keyboard.press('/');
  await expect(dialog(page)).toBeVisible();
  await page.keyboard.type('Group/');
  await expect(input(page)).toHaveValue('Group/');
  await expect(dialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
});

test('no search request leaves the origin', async ({ page }) => {
  const foreign: string[] = [];
  page.on('request', (req) => {
    if (!req.url().startsWith(BASE_URL) && !req.url().startsWith('data:')) foreign.push(req.url());
  });
  await gotoHydrated(page, PAGES.intro);
  await page.keyboard.press(`${modifier}+KeyK`);
  await input(page).fill('patient image');
  await expect(options(page).first()).toBeVisible();
  expect(foreign).toEqual([]);
});

test('usable at 375 px', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await gotoHydrated(page, PAGES.intro);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(dialog(page)).toBeVisible();
  await input(page).fill('sandbox');
  await expect(options(page).first()).toBeVisible();
  const box = await dialog(page).boundingBox();
  expect(box!.width).toBeLessThanOrEqual(MOBILE.width);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds nothing with the modal open (${scheme})`, async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.emulateMedia({ colorScheme: scheme });
    await seedStorage(page, { theme: scheme });
    await gotoHydrated(page, PAGES.intro);
    await page.keyboard.press(`${modifier}+KeyK`);
    await input(page).fill('authorization');
    await expect(options(page).first()).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }))).toEqual([]);
  });
}
