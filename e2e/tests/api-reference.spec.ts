// The portal's own API reference (issue 7), served by the real binary: a
// reader reaches each API from the footer, downloads its statement and
// Postman collection, and finds on each kind of generated page what it
// promises; the API reference's own kinds of page pass axe in both colour
// modes (a11y.spec.ts scans the kinds every site has).
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { gotoHydrated, seedStorage } from './helpers';

const R4 = '/docs/api/fhir/general/v1/r4';

test('a statement page rates the API against the guide it instantiates, with a reason for each SHALL not met', async ({ page }) => {
  await gotoHydrated(page, '/docs/api/fhir/certified/v1/patient-access/');
  await page.getByRole('link', { name: 'conformance table' }).click();
  await expect(page).toHaveURL(/\/v1\/patient-access\/resources\/capabilitystatement\/#conformance-to-the-guides$/);
  const section = page.getByRole('heading', { level: 3, name: 'US Core Server CapabilityStatement 3.1.1' });
  await expect(section).toBeVisible();
  await expect(page.getByText(/rates 100 requirements SHALL\. It meets 91; the 9 it does not meet/)).toBeVisible();

  const notMet = page.locator('table').filter({ has: page.getByRole('columnheader', { name: 'Not met' }) });
  const medication = notMet.getByRole('row').filter({ hasText: 'Medication (the resource type and the requirement on it)' });
  await expect(medication.getByRole('cell').nth(1)).toContainText('medicationCodeableConcept');
  const role = notMet.getByRole('row').filter({ hasText: 'PractitionerRole' });
  await role.getByRole('link', { name: 'Author role' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Author role');
  await page.goBack();

  const byResource = page.locator('table').filter({ has: page.getByRole('columnheader', { name: 'This API' }) });
  const resourceRow = (name: string) => byResource.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  await expect(resourceRow('Patient').getByRole('cell').last()).toHaveText('Met');
  await expect(resourceRow('DocumentReference').getByRole('cell').last()).toHaveText('Not met: create');
});

test('the footer leads to each payer API, whose index links its downloads', async ({ page, request }) => {
  await gotoHydrated(page, '/docs/api/fhir/');
  const footer = page.locator('footer');
  await footer.getByRole('link', { name: 'Provider Directory API' }).click();
  await expect(page).toHaveURL(/\/docs\/api\/fhir\/certified\/payer\/provider-directory\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const statement = await page.getByRole('link', { name: /CapabilityStatement.*JSON|capabilitystatement\.json/i }).first().getAttribute('href');
  const json = await (await request.get(statement!)).json();
  expect(json.resourceType).toBe('CapabilityStatement');
  expect(json.url).toBe('https://fhir.example.org/CapabilityStatement/payer-provider-directory');

  const postman = await page.getByRole('link', { name: 'Postman collection' }).getAttribute('href');
  const collection = await (await request.get(postman!)).json();
  expect(collection.info.schema).toContain('v2.1.0');
  expect(collection.item.map((folder: { name: string }) => folder.name)).toEqual(
    expect.arrayContaining(['Endpoint', 'HealthcareService', 'InsurancePlan', 'Location', 'Organization', 'OrganizationAffiliation', 'Practitioner', 'PractitionerRole']),
  );
});

test('a resource page shows interactions, typed search parameters and a worked example', async ({ page }) => {
  await gotoHydrated(page, `${R4}/resources/encounter/`);
  const main = page.locator('main');
  await expect(main.getByRole('heading', { name: 'Interactions' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Search parameters' })).toBeVisible();
  await expect(main.getByRole('cell', { name: 'reference' }).first()).toBeVisible();
  await expect(main.getByText('https://fhir.sandbox.example.org/general/v1/r4/Encounter?', { exact: false }).first()).toBeVisible();
  await expect(main.getByText('"resourceType": "Encounter"').first()).toBeAttached();
  // The page sits in the legacy R4 sidebar, marked as the current page.
  await expect(page.locator('nav[aria-label="Docs sidebar"] a[aria-current="page"]')).toHaveAttribute('href', `${R4}/resources/encounter/`);
});

test('an extension page shows its canonical URL, context and value type', async ({ page }) => {
  await gotoHydrated(page, `${R4}/extensions/encounter-note/`);
  const main = page.locator('main');
  await expect(main.getByText('https://fhir.example.org/StructureDefinition/encounter-note').first()).toBeVisible();
  await expect(main.getByText('Encounter', { exact: true }).first()).toBeVisible();
  await expect(main.getByText('string', { exact: true }).first()).toBeVisible();
});

test('an operation page lists its parameters', async ({ page }) => {
  await gotoHydrated(page, `${R4}/operations/patient-match/`);
  const main = page.locator('main');
  await expect(main.getByRole('heading', { name: /input parameters/i }).first()).toBeVisible();
  await expect(main.getByRole('cell', { name: 'onlyCertainMatches' })).toBeVisible();
});

// The kinds of page a11y.spec.ts does not scan.
const kinds = {
  'resources walk-through': '/docs/api/fhir/certified/payer/patient-access/resources/',
  messaging: `${R4}/messaging/submit-service-request/`,
};

for (const scheme of ['light', 'dark'] as const) {
  test.describe(scheme, () => {
    test.use({ colorScheme: scheme });
    for (const [kind, path] of Object.entries(kinds)) {
      test(`${kind} page ${path} has no WCAG A/AA violations`, async ({ page }) => {
        // axe over a page with thousands of table cells takes a minute on a
        // loaded two-core machine; the outcome does not depend on the time.
        test.setTimeout(300_000);
        await seedStorage(page, { theme: scheme });
        await gotoHydrated(page, path);
        // The walk-through pages hold dozens of collapsed responses: open them all at once.
        await page.locator('main details').evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        const summary = results.violations.map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
        expect(summary).toEqual([]);
      });
    }
  });
}
