// Doc pages (reference 4.2, 5, 10.7, 10.8, 2.12): sidebar categories and the
// hideable sidebar, the TOC highlight and the mobile "On this page", the
// breadcrumbs, pagination, the code copy button, tabs (MDX tabs with queryString too),
// docs instances, and mermaid diagrams.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { FIXTURE_URL, gotoHydrated, MOBILE, PAGES, pageData, scrollLikeAReader, seedStorage, SITE_TITLE, SITE_URL, sleep } from './helpers';

const docsSidebar = (page: Page) => page.getByRole('navigation', { name: 'Docs sidebar' });

test.describe('docs sidebar', () => {
  test('a category without a page toggles with its label and stays open on its docs', async ({ page }) => {
    await gotoHydrated(page, PAGES.intro);
    const sb = docsSidebar(page);
    // sidebars.yaml opens "Getting started" (collapsed: false).
    const label = sb.getByRole('button', { name: 'Getting started', exact: true });
    await expect(label).toHaveAttribute('aria-expanded', 'true');
    await expect(sb.getByRole('link', { name: 'Authorization', exact: true })).toBeVisible();
    await label.click();
    await expect(label).toHaveAttribute('aria-expanded', 'false');
    await expect(sb.getByRole('link', { name: 'Authorization', exact: true })).toBeHidden();
    await expect(page).toHaveURL(PAGES.intro);
    await label.click();
    await expect(label).toHaveAttribute('aria-expanded', 'true');
    await expect(sb.getByRole('link', { name: 'Authorization', exact: true })).toBeVisible();

    await gotoHydrated(page, PAGES.authorization);
    await expect(sb.getByRole('button', { name: 'Getting started', exact: true })).toHaveAttribute('aria-expanded', 'true');
    const current = sb.getByRole('link', { name: 'Authorization', exact: true });
    await expect(current).toHaveClass(/menu__link--active/);
    await expect(current).toHaveAttribute('aria-current', 'page');
  });

  test('a category with a page has a caret labelled "Expand/Collapse sidebar category", and siblings auto-collapse', async ({ page }) => {
    await gotoHydrated(page, `${FIXTURE_URL}/docs/`);
    const sb = docsSidebar(page);
    const expandGuides = sb.getByRole('button', { name: "Expand sidebar category 'Guides'" });
    await expect(expandGuides).toHaveAttribute('aria-expanded', 'false');
    await expandGuides.click();
    const collapseGuides = sb.getByRole('button', { name: "Collapse sidebar category 'Guides'" });
    await expect(collapseGuides).toHaveAttribute('aria-expanded', 'true');
    await expect(sb.getByRole('link', { name: 'Alpha guide' })).toBeVisible();
    // autoCollapseCategories: opening Reference closes Guides.
    await sb.getByRole('button', { name: "Expand sidebar category 'Reference'" }).click();
    await expect(sb.getByRole('button', { name: "Expand sidebar category 'Guides'" })).toHaveAttribute('aria-expanded', 'false');
    await expect(sb.getByRole('link', { name: 'Alpha guide' })).toBeHidden();
    // The label of a category with a page navigates to it and expands it.
    await sb.getByRole('link', { name: 'Guides', exact: true }).click();
    await expect(page).toHaveURL(`${FIXTURE_URL}/docs/category/guides/`);
    await expect(sb.getByRole('button', { name: "Collapse sidebar category 'Guides'" })).toBeVisible();
  });

  test('can be hidden and shown again', async ({ page }) => {
    await gotoHydrated(page, PAGES.authorization);
    const aside = page.locator('aside.theme-doc-sidebar-container');
    const article = page.locator('article').first();
    const widthBefore = (await article.boundingBox())!.width;
    await expect.poll(async () => Math.round((await aside.boundingBox())!.width)).toBe(300);
    const collapse = page.getByRole('button', { name: 'Collapse sidebar' });
    await expect(collapse).toHaveAttribute('title', 'Collapse sidebar');
    await collapse.click();
    await expect.poll(async () => Math.round((await aside.boundingBox())!.width)).toBe(30);
    const expand = page.getByRole('button', { name: 'Expand sidebar' });
    await expect(expand).toBeVisible();
    await expect(expand).toHaveAttribute('title', 'Expand sidebar');
    await expect(docsSidebar(page)).toBeHidden();
    await expect.poll(async () => (await article.boundingBox())!.width).toBeGreaterThan(widthBefore);
    await expand.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => Math.round((await aside.boundingBox())!.width)).toBe(300);
    await expect(docsSidebar(page)).toBeVisible();
  });
});

test.describe('table of contents', () => {
  const active = (page: Page) => page.locator('.table-of-contents a.table-of-contents__link--active');

  test('highlights the heading being read as the page scrolls', async ({ page }) => {
    await gotoHydrated(page, PAGES.ipAllowList);
    const toc = page.locator('.table-of-contents').first();
    await expect(toc).toBeVisible();
    for (const id of ['rules', 'errors']) {
      await page.locator(`h2#${id}`).evaluate((el) => el.scrollIntoView());
      await expect(active(page)).toHaveCount(1);
      await expect(active(page)).toHaveAttribute('href', `#${id}`);
    }
  });

  test('on mobile sits behind a collapsed "On this page" button', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await gotoHydrated(page, PAGES.ipAllowList);
    const button = page.getByRole('button', { name: 'On this page' });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    const mobile = page.locator('.theme-doc-toc-mobile');
    await expect(mobile.getByRole('link', { name: 'Rules' })).toBeHidden();
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await mobile.getByRole('link', { name: 'Rules' }).click();
    await expect(page).toHaveURL(/#rules$/);
    await expect.poll(async () => (await page.locator('h2#rules').boundingBox())!.y).toBeLessThan(200);
  });
});

test('breadcrumbs: home, the sidebar trail, the current page, and JSON-LD', async ({ page }) => {
  await gotoHydrated(page, PAGES.authorization);
  const nav = page.getByRole('navigation', { name: 'Breadcrumbs' });
  await expect(nav.getByRole('link', { name: 'Home page' })).toHaveAttribute('href', '/');
  const items = nav.locator('li.breadcrumbs__item');
  await expect(items).toHaveCount(3);
  await expect(items.nth(1)).toHaveText('Getting started');
  await expect(items.nth(2)).toHaveText('Authorization');
  await expect(items.nth(2)).toHaveClass(/breadcrumbs__item--active/);
  await expect(items.nth(2).locator('a')).toHaveCount(0);
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  const list = ld.map((t) => JSON.parse(t)).find((j) => j['@type'] === 'BreadcrumbList');
  expect(list).toBeTruthy();
  expect(list.itemListElement.at(-1)).toMatchObject({ '@type': 'ListItem', name: 'Authorization', item: SITE_URL + PAGES.authorization });
});

test('pagination links the previous and next docs and navigates', async ({ page, request }) => {
  const data = await pageData(request, PAGES.authorization);
  await gotoHydrated(page, PAGES.authorization);
  const nav = page.getByRole('navigation', { name: 'Docs pages' });
  const prev = nav.locator('a.pagination-nav__link--prev');
  const next = nav.locator('a.pagination-nav__link--next');
  if (data.doc.previous) {
    await expect(prev.locator('.pagination-nav__sublabel')).toHaveText('Previous');
    await expect(prev.locator('.pagination-nav__label')).toHaveText(data.doc.previous.title);
    await expect(prev).toHaveAttribute('href', data.doc.previous.permalink);
  }
  expect(data.doc.next).toBeTruthy();
  await expect(next.locator('.pagination-nav__sublabel')).toHaveText('Next');
  await expect(next.locator('.pagination-nav__label')).toHaveText(data.doc.next.title);
  // Followed from the keyboard: at the page's foot the guide's diagrams are
  // drawn as the link comes into view, and a pointer aimed before they are
  // could land where the link was (a slow machine's race, not the reader's).
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(data.doc.next.permalink);
  await expect(page).toHaveTitle(new RegExp(` \\| ${SITE_TITLE}$`));
  await expect(page.locator('article h1').first()).not.toHaveText('Authorization');
});

test('the copy button copies the code and says so', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await gotoHydrated(page, `${FIXTURE_URL}/docs/reference/tabs/`);
  const block = page.locator('article pre').filter({ hasText: 'install.sh | sh' }).first();
  await block.hover();
  // Found by its title: its accessible name changes to "Copied".
  const copy = page.locator('article button[title="Copy"]').first();
  await expect(copy).toHaveAttribute('aria-label', 'Copy code to clipboard');
  await copy.click();
  await expect
    .poll(() => copy.evaluate((b) => `${b.getAttribute('aria-label')} ${b.textContent} ${b.className}`))
    .toContain('Copied');
  expect((await page.evaluate(() => navigator.clipboard.readText())).trim()).toBe('curl -fsSL https://fixture.example.org/install.sh | sh');
});

test('"Copy page" copies the page\'s Markdown from the keyboard and says so; "View as Markdown" opens it', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await gotoHydrated(page, PAGES.registration);
  const copy = page.getByRole('button', { name: 'Copy page', exact: true });
  await copy.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Page copied as Markdown' })).toHaveCount(1);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.startsWith('# Register your app\n')).toBe(true);
  expect(copied).toContain('## Prerequisites');
  const view = page.getByRole('link', { name: 'View as Markdown', exact: true });
  await expect(view).toHaveAttribute('href', `${PAGES.registration}index.md`);
  const answer = await request.get(`${PAGES.registration}index.md`);
  expect(answer.headers()['content-type']).toContain('text/markdown');
  expect(await answer.text()).toBe(copied);
});

test('tabs: arrow keys move focus with wrapping, Enter and click select, the group choice is remembered', async ({ page }) => {
  await gotoHydrated(page, `${FIXTURE_URL}/docs/reference/tabs/`);
  const tab = (name: string) => page.getByRole('tab', { name, exact: true });
  await expect(page.getByRole('tablist')).toHaveAttribute('aria-orientation', 'horizontal');
  await expect(tab('macOS')).toHaveAttribute('aria-selected', 'true');
  await expect(tab('macOS')).toHaveAttribute('tabindex', '0');
  await expect(tab('Windows')).toHaveAttribute('tabindex', '-1');
  await expect(page.getByText('Use the macOS installer.')).toBeVisible();
  await tab('macOS').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab('Windows')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(tab('Windows')).toHaveAttribute('aria-selected', 'true');
  await expect(tab('macOS')).toHaveAttribute('aria-selected', 'false');
  await expect(page.getByText('Use the Windows installer.')).toBeVisible();
  await expect(page.getByText('Use the macOS installer.')).toBeHidden();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(tab('Linux')).toBeFocused(); // wrapped
  await tab('Linux').click();
  await expect(tab('Linux')).toHaveAttribute('aria-selected', 'true');
  expect(await page.evaluate(() => localStorage.getItem('docusaurus.tab.os'))).toBe('Linux');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  await expect(tab('Linux')).toHaveAttribute('aria-selected', 'true');
});

test('MDX tabs with queryString: the URL parameter picks the tab, and a choice replaces it in the address', async ({ page }) => {
  const url = `${FIXTURE_URL}/docs/reference/package-tabs/`;
  const tab = (name: string) => page.getByRole('tab', { name, exact: true });
  await seedStorage(page, { 'docusaurus.tab.pm': 'npm' });
  // The parameter wins over the remembered choice.
  await gotoHydrated(page, `${url}?pm=pnpm#top`);
  await expect(tab('pnpm')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Run pnpm add fixture.')).toBeVisible();
  const historyLength = await page.evaluate(() => history.length);
  await tab('Yarn').click();
  await expect(tab('Yarn')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(`${url}?pm=yarn#top`);
  expect(await page.evaluate(() => history.length)).toBe(historyLength); // replaced, not pushed
  expect(await page.evaluate(() => localStorage.getItem('docusaurus.tab.pm'))).toBe('yarn');
});

test.describe('docs instances', () => {
  test('a doc of another instance shows that instance’s sidebar, also after a client-side navigation', async ({ page }) => {
    await gotoHydrated(page, `${FIXTURE_URL}/sdk/`);
    const sb = docsSidebar(page);
    // Both instances have a sidebar "main": this one lists the SDK's docs.
    await expect(sb.getByRole('link')).toHaveText(['SDK overview', 'Installing the SDK']);
    await expect(page.locator('html')).toHaveClass(/plugin-id-sdk/);
    await sb.getByRole('link', { name: 'Installing the SDK' }).click();
    await expect(page).toHaveURL(`${FIXTURE_URL}/sdk/install/`);
    await expect(page.locator('article h1')).toHaveText('Installing the SDK');
    await expect(sb.getByRole('link', { name: 'Installing the SDK' })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('.pagination-nav__link--prev')).toContainText('SDK overview');
    // A link into the default instance brings its own sidebar back.
    await page.locator('article').getByRole('link', { name: 'overview', exact: true }).click();
    await page.locator('article').getByRole('link', { name: 'fixture docs' }).click();
    await expect(page).toHaveURL(`${FIXTURE_URL}/docs/`);
    await expect(sb.getByRole('link', { name: 'SDK overview' })).toHaveCount(0);
    await expect(page.locator('html')).toHaveClass(/plugin-id-default/);
    // The "Docs" navbar item (a doc item of the default instance) is active here, and was not on the SDK's docs.
    await expect(page.locator('.navbar').getByRole('link', { name: 'Docs', exact: true })).toHaveClass(/navbar__link--active/);
  });
});

test.describe('mermaid', () => {
  const diagram = (page: Page) => page.locator('article svg[aria-roledescription]').first();
  const isDiagramLibrary = (url: string) => /\/assets\/theme\/mermaid[^/]*\.js$/.test(new URL(url).pathname);

  /** Scrolls the first diagram's place into view, as a reader would reach it. */
  async function scrollToFirstDiagram(page: Page) {
    // The source's place, or the diagram that took it.
    await page
      .locator('pre.mermaid')
      .first()
      .evaluate((pre) => ((pre as HTMLElement).hidden ? pre.nextElementSibling! : pre).scrollIntoView({ block: 'center' }));
  }

  for (const mode of ['light', 'dark'] as const) {
    test(`renders the authorization diagram in ${mode} mode`, async ({ page }) => {
      await seedStorage(page, { theme: mode });
      await gotoHydrated(page, PAGES.authorization);
      await scrollToFirstDiagram(page);
      await expect(diagram(page)).toBeVisible({ timeout: 8_000 });
      expect((await diagram(page).boundingBox())!.height).toBeGreaterThan(50);
      // Each diagram, once reached, replaces its source text (the guide has several).
      const sources = page.locator('pre.mermaid');
      const count = await sources.count();
      expect(count).toBeGreaterThan(1);
      for (let i = 0; i < count; i++) {
        await sources.nth(i).evaluate((pre) => pre.scrollIntoView({ block: 'center' }));
        await expect(sources.nth(i)).toBeHidden({ timeout: 8_000 });
      }
      await expect(page.locator('article .mermaid-diagram svg')).toHaveCount(count);
    });
  }

  test('fetches the diagram library only when a diagram nears the screen, and nothing moves when it appears', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.addInitScript(() => {
      const w = window as unknown as { __shifts: string[] };
      w.__shifts = [];
      new PerformanceObserver((list) =>
        list.getEntries().forEach((e) => {
          const shift = e as unknown as { value: number; sources: { node?: Element; previousRect: DOMRect; currentRect: DOMRect }[] };
          w.__shifts.push(
            `${shift.value.toFixed(4)}: ${shift.sources.map((s) => `${s.node?.nodeName}.${s.node?.className} ${Math.round(s.previousRect.top)}→${Math.round(s.currentRect.top)}`).join(', ')}`,
          );
        }),
      ).observe({
        type: 'layout-shift',
        buffered: true,
      });
    });
    await gotoHydrated(page, PAGES.authorization);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter(isDiagramLibrary)).toEqual([]);
    const source = page.locator('pre.mermaid').first();
    // Three screens above the diagram: still too far.
    await source.evaluate((pre) => window.scrollTo(0, pre.getBoundingClientRect().top + window.scrollY - 3 * window.innerHeight));
    await page.waitForTimeout(300);
    expect(scripts.filter(isDiagramLibrary)).toEqual([]);
    // The reader scrolls on: the library is fetched while the diagram is
    // still out of sight, half a screen or more below it, and drawn there,
    // so nothing they see moves. (The reader stops once the library is asked
    // for: how long it then takes depends on the machine, not the page.)
    await page.evaluate(() => ((window as unknown as { __shifts: string[] }).__shifts.length = 0));
    await scrollLikeAReader(page, async () => scripts.some(isDiagramLibrary));
    expect(scripts.filter(isDiagramLibrary).length).toBeGreaterThan(0);
    const screensAway = (pre: HTMLElement) => ((pre.hidden ? pre.nextElementSibling! : pre).getBoundingClientRect().top - window.innerHeight) / window.innerHeight;
    expect(await source.evaluate(screensAway)).toBeGreaterThan(0.5);
    await expect(page.locator('article .mermaid-diagram svg').first()).toBeAttached({ timeout: 8_000 });
    await scrollLikeAReader(page, () => diagram(page).evaluate((svg) => svg.getBoundingClientRect().top < window.innerHeight / 2));
    await expect(diagram(page)).toBeInViewport();
    expect(await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts)).toEqual([]);
  });

  test('re-renders with the other theme when the colour mode changes', async ({ page }) => {
    await gotoHydrated(page, PAGES.authorization);
    await scrollToFirstDiagram(page);
    await expect(diagram(page)).toBeVisible({ timeout: 8_000 });
    const light = await diagram(page).evaluate((svg) => svg.querySelector('style')?.textContent ?? svg.outerHTML);
    await page.getByRole('button', { name: /^Switch between dark and light mode/ }).first().click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // Reaching the toggle of the navbar, which hides on scroll, took the
    // page back to the top: diagrams render again as the reader comes near.
    await scrollToFirstDiagram(page);
    await expect
      .poll(() => diagram(page).evaluate((svg) => svg.querySelector('style')?.textContent ?? svg.outerHTML), { timeout: 10_000 })
      .not.toBe(light);
    await sleep(0);
  });
});
