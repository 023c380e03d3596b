// Generated FHIR reference pages (the engine's fixture site): what a reader
// sees and uses on a resource, extension and operation page, and that the
// generated markup passes axe in both colour modes.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { FHIR_URL, gotoHydrated, seedStorage } from './helpers';

const PATIENT = `${FHIR_URL}/docs/api/r4/resources/patient/`;

test('a resource page: tables, the curl and HTTP tabs, and the collapsed response', async ({ page }) => {
  await gotoHydrated(page, PATIENT);
  await expect(page.getByRole('heading', { level: 1, name: 'Patient' })).toBeVisible();
  const params = page.locator('table').filter({ has: page.getByRole('columnheader', { name: 'Parameter' }) }).first();
  await expect(params.getByRole('row').filter({ hasText: 'birthdate' })).toContainText('date');

  const tabs = page.getByRole('tablist').first();
  await expect(tabs.getByRole('tab', { name: 'curl' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').first()).toContainText("curl 'https://fhir.example.org/r4/Patient?birthdate=1987-02-20'");
  await tabs.getByRole('tab', { name: 'HTTP' }).click();
  await expect(page.getByRole('tabpanel').first()).toContainText('GET /r4/Patient?birthdate=1987-02-20 HTTP/1.1');

  const response = page.locator('details').first();
  await expect(response.locator('summary')).toContainText('Response: 200 OK');
  await expect(response.getByText('"searchset"')).toBeHidden();
  await response.locator('summary').click();
  await expect(response.getByText('"searchset"')).toBeVisible();
});

test('generated pages sit in the sidebar and link each other', async ({ page }) => {
  await gotoHydrated(page, PATIENT);
  const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
  const extensions = sidebar.getByRole('button', { name: 'Extensions' });
  await extensions.click();
  await expect(extensions).toHaveAttribute('aria-expanded', 'true');
  const veteranStatus = sidebar.getByRole('link', { name: 'Veteran status' });
  await expect(veteranStatus).toBeVisible();
  // A click while the list still grows can land on the clipped area under
  // it (seen once in a few dozen runs on a busy host): wait until the
  // animation's inline styles are gone.
  const list = sidebar.locator('ul.collapsible').filter({ has: page.getByRole('link', { name: 'Veteran status' }) });
  await expect(list).toHaveAttribute('data-state', 'open');
  await expect(list).not.toHaveAttribute('style', /height/);
  await veteranStatus.click();
  await expect(page).toHaveURL(`${FHIR_URL}/docs/api/r4/extensions/patient-veteran-status/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Veteran status' })).toBeVisible();
  await expect(page.getByText('From the example Patient/pat-1001')).toBeVisible();
});

test('the API index links its downloads, which are served', async ({ page, request }) => {
  await gotoHydrated(page, `${FHIR_URL}/docs/api/`);
  const postman = page.getByRole('link', { name: 'Postman collection' });
  const href = await postman.getAttribute('href');
  const res = await request.get(`${FHIR_URL}${href}`);
  expect(res.ok()).toBe(true);
  expect((await res.json()).info.schema).toContain('v2.1.0');
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(scheme, () => {
    test.use({ colorScheme: scheme });
    for (const path of ['resources/patient', 'extensions/patient-communication-preference', 'operations/patient-match', 'capabilitystatement']) {
      test(`${path} has no WCAG A/AA violations`, async ({ page }) => {
        await seedStorage(page, { theme: scheme });
        await gotoHydrated(page, `${FHIR_URL}/docs/api/r4/${path}/`);
        for (const d of await page.locator('details').all()) await d.locator('summary').click();
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        const summary = results.violations.map((v) => ({
          id: v.id,
          nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
        }));
        expect(summary).toEqual([]);
      });
    }
  });
}
