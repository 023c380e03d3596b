// Long generated pages stay light to render (issue 16): blocks far below the
// first screen are not laid out until the reader nears them, yet their text
// stays in the page, anchors land where they should without anything moving,
// and the table of contents still follows the reader.
import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated, MOBILE, nextFrames, scrollLikeAReader } from './helpers';

const WALK_THROUGH = '/docs/api/fhir/certified/provider/patient-access/resources/';

/** Records layout shifts (with their sources) from the start of the load. */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: string[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; sources: { node?: Node }[] }[]) {
        w.__shifts.push(`${e.value.toFixed(4)} ${e.sources.map((s) => s.node?.nodeName ?? '?').join(',')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);
}

/** Whether the browser skips rendering the element's content (content-visibility: auto, off screen). */
function skipped(page: Page, selector: string) {
  return page.locator(selector).evaluate((el) => !el.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }));
}

test.describe('a walk-through page on a phone', () => {
  test.use({ viewport: MOBILE });

  test('renders only what is near the screen, and keeps all of its text in the page', async ({ page }) => {
    const shifts = await recordShifts(page);
    await gotoHydrated(page, WALK_THROUGH);
    const lastTable = '[data-portal-content] > table >> nth=-1';
    expect(await skipped(page, lastTable)).toBe(true);
    // Its text is in the document all the same (find-in-page, assistive technology).
    const text = (await page.locator(lastTable).textContent()) ?? '';
    expect(text.length).toBeGreaterThan(20);
    expect(await shifts()).toEqual([]);
    // Two screens above it, the reader scrolls on: each block is drawn
    // before it comes into sight, so nothing they see moves. (The jump there
    // is no reader's: it lands among blocks still at their guessed heights.)
    await page.locator(lastTable).evaluate((table) => window.scrollTo(0, table.getBoundingClientRect().top + window.scrollY - 2 * window.innerHeight));
    await nextFrames(page);
    await nextFrames(page);
    await page.evaluate(() => ((window as unknown as { __shifts: string[] }).__shifts.length = 0));
    await scrollLikeAReader(page, () => page.locator(lastTable).evaluate((table) => table.getBoundingClientRect().top < window.innerHeight / 2));
    await expect(page.locator(lastTable)).toBeInViewport();
    expect(await skipped(page, lastTable)).toBe(false);
    expect(await shifts()).toEqual([]);
  });

  test('opened at an anchor, it lands on the heading and nothing moves', async ({ page }) => {
    const shifts = await recordShifts(page);
    const ids = await (await page.request.get(WALK_THROUGH)).text().then((html) => [...html.matchAll(/<h2 id="([^"]+)"/g)].map((m) => m[1]));
    const target = ids[Math.floor(ids.length * 0.75)];
    await gotoHydrated(page, `${WALK_THROUGH}#${target}`);
    await page.waitForLoadState('load');
    await expect
      .poll(() => page.locator(`h2#${target}`).evaluate((h) => Math.round(h.getBoundingClientRect().top)))
      .toBeLessThan(120);
    expect(await page.locator(`h2#${target}`).evaluate((h) => h.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
    expect(await shifts()).toEqual([]);
  });
});

test.describe('a walk-through page reloaded', () => {
  test.use({ viewport: MOBILE });

  test('opens again where the reader was', async ({ page }) => {
    await gotoHydrated(page, WALK_THROUGH);
    for (let i = 0; i < 40; i++) await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(20_000);
    await page.waitForTimeout(300);
    const place = await page.evaluate(() => {
      const heading = [...document.querySelectorAll('[data-portal-content] > :is(h2, h3)')].find((h) => h.getBoundingClientRect().top > 0)!;
      return { id: heading.id, top: Math.round(heading.getBoundingClientRect().top) };
    });
    const shifts = await recordShifts(page);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    await page.waitForLoadState('load');
    await expect.poll(() => page.locator(`[id="${place.id}"]`).evaluate((h) => Math.round(h.getBoundingClientRect().top))).toBe(place.top);
    expect(await shifts()).toEqual([]);
  });
});

test('on a desktop, the table of contents follows the reader through lazily rendered blocks', async ({ page }) => {
  await gotoHydrated(page, WALK_THROUGH);
  const toc = page.getByRole('navigation', { name: 'On this page' });
  const links = toc.locator('a.table-of-contents__link');
  // A heading deep in the page, with enough below it to scroll it to the top.
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  const id = hrefs[Math.floor(hrefs.length * 0.75)].slice(1);
  await page.locator(`[id="${id}"]`).evaluate((h) => h.scrollIntoView({ block: 'start' }));
  await page.mouse.wheel(0, 1);
  await expect(toc.locator('.table-of-contents__link--active')).toHaveAttribute('href', `#${id}`);
});
