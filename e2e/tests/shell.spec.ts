// The shell (reference 2.6, 3, 4; spec section 4): skip link, navbar items
// and active states, colour-mode toggle, announcement bar, mobile navbar
// sidebar, and, on the fixture site, dropdowns, the docs version and locale
// dropdowns, hide-on-scroll and the system colour mode.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DESKTOP, FIXTURE_URL, gotoHydrated, MOBILE, PAGES, seedStorage, sleep } from './helpers';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const storage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);
const toggleButton = (page: Page) => page.getByRole('button', { name: /^Switch between dark and light mode/ }).first();

test.describe('skip to main content', () => {
  test('is the first Tab stop, shows when focused, and leads into the main content', async ({ page }) => {
    await gotoHydrated(page, PAGES.authorization);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await expect(page.getByRole('region', { name: 'Skip to main content' })).toContainText('Skip to main content');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const inMain = await page.evaluate(() => !!document.activeElement?.closest('.main-wrapper') && !document.activeElement?.closest('nav.navbar'));
    expect(inMain).toBe(true);
  });
});

test.describe('navbar', () => {
  test('shows the logo, the items in order and the external link', async ({ page }) => {
    await gotoHydrated(page, PAGES.home);
    const nav = mainNav(page);
    const logo = nav.locator('a.navbar__brand');
    await expect(logo).toHaveAttribute('href', '/');
    await expect(logo.locator('img').first()).toHaveAttribute('width', '55');
    await expect(logo.locator('img').first()).toHaveAttribute('height', '50');
    const left = nav.locator('.navbar__items:not(.navbar__items--right) > a.navbar__link');
    await expect(left).toHaveText(['Docs', 'API', 'Tutorials']);
    const external = nav.locator('.navbar__items--right').getByRole('link', { name: 'Quillmoor Health' });
    await expect(external).toHaveAttribute('href', 'https://www.example.org/');
    await expect(external).toHaveAttribute('target', '_blank');
    await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(nav.locator('.navbar__link--active')).toHaveCount(0);
  });

  for (const [path, active] of [
    [PAGES.authorization, 'Docs'],
    [PAGES.intro, 'Docs'],
    [PAGES.patientImage, 'API'],
    [PAGES.tutorials, 'Tutorials'],
  ] as const) {
    test(`marks ${active} active on ${path}`, async ({ page }) => {
      await gotoHydrated(page, path);
      const activeLinks = mainNav(page).locator('a.navbar__link--active');
      await expect(activeLinks).toHaveText([active]);
    });
  }

  test('follows client navigation with its active state', async ({ page }) => {
    await gotoHydrated(page, PAGES.authorization);
    await mainNav(page).getByRole('link', { name: 'API', exact: true }).click();
    await expect(page).toHaveURL(PAGES.patientImage);
    await expect(mainNav(page).locator('a.navbar__link--active')).toHaveText(['API']);
  });
});

test.describe('colour mode toggle', () => {
  test('flips light and dark, stores the choice under "theme", and keeps it across reloads', async ({ page }) => {
    await gotoHydrated(page, PAGES.intro);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'light');
    await expect(toggleButton(page)).toHaveAttribute('aria-label', 'Switch between dark and light mode (currently light mode)');
    await toggleButton(page).click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(toggleButton(page)).toHaveAttribute('aria-label', 'Switch between dark and light mode (currently dark mode)');
    expect(await storage(page, 'theme')).toBe('dark');
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    await toggleButton(page).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    expect(await storage(page, 'theme')).toBe('light');
  });

  test('with respectPrefersColorScheme cycles system, light, dark, system and follows the system', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await gotoHydrated(page, `${FIXTURE_URL}/docs/`);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(toggleButton(page)).toHaveAttribute('aria-label', /currently system mode/);
    await toggleButton(page).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    expect(await storage(page, 'theme')).toBe('light');
    await toggleButton(page).click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    expect(await storage(page, 'theme')).toBe('dark');
    await toggleButton(page).click();
    await expect(html).toHaveAttribute('data-theme-choice', 'system');
    expect(await storage(page, 'theme')).toBeNull();
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveAttribute('data-theme', 'dark');
  });
});

test.describe('announcement bar', () => {
  const bar = (page: Page) => page.getByRole('banner').filter({ hasText: 'Sandbox credentials are issued' });

  test('closes, is remembered across reloads, and shows again for a new announcement', async ({ page }) => {
    await gotoHydrated(page, PAGES.intro);
    await expect(bar(page)).toBeVisible();
    await expect(bar(page).getByRole('link', { name: 'Set up the sandbox' })).toHaveAttribute('href', '/docs/gettings-started/sandbox/');
    await bar(page).getByRole('button', { name: 'Close' }).click();
    await expect(bar(page)).toBeHidden();
    expect(await storage(page, 'docusaurus.announcement.dismiss')).toBe('true');
    expect(await storage(page, 'docusaurus.announcement.id')).toBe('sandbox-credentials-2025');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-announcement-bar-initially-dismissed', 'true');
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    await expect(bar(page)).toBeHidden();
    // Another id (a new announcement) shows the bar again.
    await page.evaluate(() => localStorage.setItem('docusaurus.announcement.id', 'an-earlier-announcement'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    await expect(bar(page)).toBeVisible();
    expect(await storage(page, 'docusaurus.announcement.dismiss')).toBe('false');
  });

  test('a dismissed bar never shows, even before the scripts run', async ({ page }) => {
    await seedStorage(page, { 'docusaurus.announcement.dismiss': 'true', 'docusaurus.announcement.id': 'sandbox-credentials-2025' });
    await page.route('**/assets/theme/*.js', (r) => r.abort());
    await page.goto(PAGES.intro);
    await expect(bar(page)).toBeHidden();
  });
});

test.describe('mobile navbar sidebar', () => {
  test.use({ viewport: MOBILE });

  const panel = (page: Page) => page.locator('.navbar-sidebar');
  const hamburger = (page: Page) => page.getByRole('button', { name: 'Toggle navigation bar' });
  const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);

  test('opens on a doc page with the docs sidebar, goes back to the main menu, and closes with Escape', async ({ page }) => {
    await gotoHydrated(page, PAGES.authorization);
    await expect(mainNav(page).locator('.navbar__items > a.navbar__link', { hasText: 'API' })).toBeHidden();
    await expect(hamburger(page)).toHaveAttribute('aria-expanded', 'false');
    await hamburger(page).click();
    await expect(hamburger(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(panel(page).getByRole('link', { name: 'Registration', exact: true })).toBeVisible();
    await expect.poll(() => bodyOverflow(page)).toBe('hidden');
    const back = panel(page).getByRole('button', { name: '← Back to main menu' });
    await back.click();
    for (const name of ['Docs', 'API', 'Tutorials']) await expect(panel(page).getByRole('link', { name, exact: true })).toBeInViewport();
    await expect(panel(page).getByRole('link', { name: 'Registration', exact: true })).not.toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(panel(page).getByRole('link', { name: 'API', exact: true })).not.toBeInViewport();
    await expect.poll(() => bodyOverflow(page)).not.toBe('hidden');
  });

  test('closes with its close button, the backdrop, and a click on a link', async ({ page }) => {
    await gotoHydrated(page, PAGES.home);
    await hamburger(page).click();
    await panel(page).getByRole('button', { name: 'Close navigation bar' }).click();
    await expect(panel(page).getByRole('link', { name: 'API', exact: true })).not.toBeInViewport();
    await hamburger(page).click();
    await page.locator('.navbar-sidebar__backdrop').click({ position: { x: MOBILE.width - 10, y: MOBILE.height / 2 } });
    await expect(panel(page).getByRole('link', { name: 'API', exact: true })).not.toBeInViewport();
    await hamburger(page).click();
    await panel(page).getByRole('link', { name: 'API', exact: true }).click();
    await expect(page).toHaveURL(PAGES.patientImage);
    await expect(panel(page).getByRole('link', { name: 'API', exact: true })).not.toBeInViewport();
    await expect.poll(() => bodyOverflow(page)).not.toBe('hidden');
  });

  test('browser Back closes it and stays on the page', async ({ page }) => {
    await gotoHydrated(page, PAGES.home);
    await hamburger(page).click();
    await panel(page).getByRole('link', { name: 'Tutorials', exact: true }).click();
    await expect(page).toHaveURL(PAGES.tutorials);
    await hamburger(page).click();
    await expect(hamburger(page)).toHaveAttribute('aria-expanded', 'true');
    await page.evaluate(() => history.back());
    await expect(hamburger(page)).toHaveAttribute('aria-expanded', 'false');
    await sleep(300);
    await expect(page).toHaveURL(PAGES.tutorials);
    await expect(page.locator('article h1').first()).toBeVisible();
  });

  test('closes when the window becomes desktop-sized', async ({ page }) => {
    await gotoHydrated(page, PAGES.intro);
    await hamburger(page).click();
    await expect.poll(() => bodyOverflow(page)).toBe('hidden');
    await page.setViewportSize(DESKTOP);
    await expect(hamburger(page)).toBeHidden();
    await expect(page.locator('.navbar-sidebar').getByRole('link', { name: 'API', exact: true })).not.toBeInViewport();
    await expect.poll(() => bodyOverflow(page)).not.toBe('hidden');
    await page.setViewportSize(MOBILE);
    await expect(hamburger(page)).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('dropdowns (fixture site)', () => {
  const dropdown = (page: Page, label: string | RegExp) =>
    mainNav(page).locator('.navbar__item.dropdown').filter({ has: page.locator(':scope > a.navbar__link', { hasText: label }) });

  test('desktop: opens on hover, focus and Enter; closes on focus or a click outside', async ({ page }) => {
    await gotoHydrated(page, `${FIXTURE_URL}/docs/`);
    const dd = dropdown(page, 'Guides');
    const trigger = dd.locator(':scope > a.navbar__link');
    const menu = dd.locator('.dropdown__menu');
    await expect(trigger).toHaveAttribute('aria-haspopup', 'true');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(trigger).toHaveAttribute('role', 'button');
    await expect(menu).toBeHidden();
    await trigger.hover();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Alpha guide' })).toHaveAttribute('href', '/docs/guides/alpha/');
    const external = menu.getByRole('link', { name: 'External' });
    await expect(external).toHaveAttribute('target', '_blank');
    await page.mouse.move(640, 700);
    await expect(menu).toBeHidden();

    // Spec section 4: focus opens it (reference 3.3 has only Enter); Enter toggles.
    await trigger.focus();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(dd).toHaveClass(/dropdown--show/);
    await expect(menu).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    // Focus outside closes it (so tabbing out does), and so does a click outside.
    await mainNav(page).getByRole('link', { name: 'Docs', exact: true }).focus();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await trigger.focus();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.click(640, 600);
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  test('mobile: starts collapsed unless active, and the caret toggles it', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await gotoHydrated(page, `${FIXTURE_URL}/`);
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    const panel = page.locator('.navbar-sidebar');
    // The primary menu is the first panel; the second holds the docs sidebar.
    const item = panel.locator('.navbar-sidebar__item').first().locator('li.menu__list-item').filter({ has: page.locator('a.menu__link--sublist', { hasText: 'Guides' }) });
    await expect(item).toHaveClass(/menu__list-item--collapsed/);
    const caret = item.getByRole('button', { name: 'Expand the dropdown' });
    await expect(caret).toHaveAttribute('aria-expanded', 'false');
    await caret.click();
    await expect(item.getByRole('button', { name: 'Collapse the dropdown' })).toHaveAttribute('aria-expanded', 'true');
    await expect(item.getByRole('link', { name: 'Alpha guide' })).toBeVisible();
    await item.getByRole('link', { name: 'Alpha guide' }).click();
    await expect(page).toHaveURL(`${FIXTURE_URL}/docs/guides/alpha/`);
    // On a page of the dropdown it starts expanded.
    await page.reload();
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await panel.getByRole('button', { name: '← Back to main menu' }).click();
    await expect(item).not.toHaveClass(/menu__list-item--collapsed/);
  });

  test('docs version dropdown: links the same doc in each version keeping search and hash, and remembers the choice', async ({ page }) => {
    await gotoHydrated(page, `${FIXTURE_URL}/docs/guides/alpha/?from=e2e#alpha-details`);
    const dd = dropdown(page, 'Next');
    await dd.hover();
    const menu = dd.locator('.dropdown__menu');
    await expect(menu.getByRole('link', { name: 'Next' })).toHaveClass(/dropdown__link--active/);
    const old = menu.getByRole('link', { name: '1.0' });
    await expect(old).toHaveAttribute('href', '/docs/1.0/guides/alpha/?from=e2e#alpha-details');
    await old.click();
    await expect(page).toHaveURL(`${FIXTURE_URL}/docs/1.0/guides/alpha/?from=e2e#alpha-details`);
    expect(await storage(page, 'docs-preferred-version-default')).toBe('1.0');
    await expect(page.getByRole('alert').filter({ hasText: 'no longer actively maintained' })).toContainText(
      'This is documentation for Fixture Docs 1.0, which is no longer actively maintained.',
    );
  });

  test('docs version dropdown: a doc missing from a version links that version\'s main doc', async ({ page }) => {
    await gotoHydrated(page, `${FIXTURE_URL}/docs/guides/beta/`);
    const dd = dropdown(page, 'Next');
    await dd.hover();
    await expect(dd.locator('.dropdown__menu').getByRole('link', { name: '1.0' })).toHaveAttribute('href', '/docs/1.0/');
  });

  test('locale dropdown: one entry per locale, the current one active, others a full page load', async ({ page }) => {
    await gotoHydrated(page, `${FIXTURE_URL}/docs/guides/alpha/`);
    const dd = dropdown(page, 'English');
    await dd.hover();
    const menu = dd.locator('.dropdown__menu');
    await expect(menu.getByRole('link', { name: 'English' })).toHaveClass(/dropdown__link--active/);
    const fr = menu.getByRole('link', { name: 'Français' });
    await expect(fr).toHaveAttribute('lang', 'fr');
    await expect(fr).toHaveAttribute('target', '_self');
    await expect(fr).toHaveAttribute('href', /\/fr\/docs\/guides\/alpha\/$/);
  });

  test('hide on scroll: hides scrolling down, shows scrolling up, and hides on an in-page anchor', async ({ page }) => {
    await gotoHydrated(page, `${FIXTURE_URL}/docs/`);
    const nav = mainNav(page);
    const bottom = async () => {
      const box = await nav.boundingBox();
      return box ? box.y + box.height : -1;
    };
    await expect.poll(bottom).toBeGreaterThan(0);
    await page.mouse.move(640, 400);
    for (let i = 0; i < 4; i++) {
      await page.mouse.wheel(0, 250);
      await sleep(50);
    }
    await expect.poll(bottom).toBeLessThanOrEqual(0);
    await page.mouse.wheel(0, -150);
    await expect.poll(bottom).toBeGreaterThan(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(bottom).toBeGreaterThan(0);
    await page.locator('.table-of-contents a[href="#second-section"]').first().click();
    await expect(page).toHaveURL(/#second-section$/);
    await expect.poll(bottom).toBeLessThanOrEqual(0);
  });
});
