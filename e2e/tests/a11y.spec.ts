// Accessibility: axe with the WCAG 2.0/2.1 A and AA rules finds nothing on
// the home page, a doc and the not-found page, in light and dark, at desktop
// and mobile widths. Each scan's results are attached as JSON.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { DESKTOP, gotoHydrated, MOBILE, PAGES, seedStorage } from './helpers';

const pages = [
  ['home', PAGES.home],
  ['doc', PAGES.authorization],
  ['not-found', PAGES.notFound],
] as const;

for (const [widthName, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test.describe(`${widthName} ${scheme}`, () => {
      test.use({ viewport, colorScheme: scheme });
      for (const [name, path] of pages) {
        test(`${name} has no WCAG A/AA violations`, async ({ page }, testInfo) => {
          await seedStorage(page, { theme: scheme });
          await gotoHydrated(page, path);
          await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
          const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
          await testInfo.attach(`axe-${name}-${widthName}-${scheme}.json`, {
            body: JSON.stringify(results, null, 2),
            contentType: 'application/json',
          });
          const summary = results.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            help: v.help,
            nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1] ?? ''}`.trim()),
          }));
          expect(summary).toEqual([]);
        });
      }
    });
  }
}
