// Accessibility: axe with the WCAG 2.0/2.1 A and AA rules finds nothing on
// one page of every kind the portal has, in light and dark, at desktop and
// mobile widths. Each scan's results are attached as JSON.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { DESKTOP, gotoHydrated, MOBILE, PAGES, seedStorage } from './helpers';

const pages = [
  ['home', PAGES.home],
  ['guide', PAGES.authorization],
  ['tutorial', '/docs/tutorials/system-access/'],
  ['API index', '/docs/api/fhir/certified/provider/patient-access/'],
  ['resource', '/docs/api/fhir/certified/v1/patient-access/resources/observation/'],
  ['capability statement', '/docs/api/fhir/general/v1/stu3/resources/capabilitystatement/'],
  ['extension', '/docs/api/fhir/general/v1/r4/extensions/patient-custom-race/'],
  ['operation', '/docs/api/fhir/certified/v1/bulk-data/operations/group-export/'],
  ['terms', '/terms-of-service/'],
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
          test.slow(); // reference pages hold thousands of table cells
          await seedStorage(page, { theme: scheme });
          await gotoHydrated(page, path);
          await page.locator('main details').evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
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
