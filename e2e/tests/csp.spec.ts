// The Content-Security-Policy, seen from the browser: every kind of page
// loads, hydrates and works with it and reports no violation (the guard in
// fixtures.ts fails any test of the suite on one). Pages: the home page, a
// doc, a doc with mermaid diagrams, API reference pages, search, the
// not-found page, client-side navigation, the colour-mode switch, the
// fixture site (tabs, dropdowns, versions) and the FHIR fixture site.
import { expect, test } from './fixtures';
import { FHIR_URL, FIXTURE_URL, gotoHydrated, PAGES } from './helpers';

test('the policy is sent, without unsafe sources, and allows the inline code by hash', async ({ page }) => {
  const res = await page.request.get(PAGES.intro);
  const policy = res.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("default-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).not.toContain('unsafe-eval');
  expect(res.headers()['cross-origin-opener-policy']).toBe('same-origin');
  expect(res.headers()['permissions-policy']).toContain('camera=()');
  expect(res.headers()['strict-transport-security']).toContain('max-age=');
});

const portalPages = {
  home: PAGES.home,
  doc: PAGES.registration,
  'doc with sequence diagrams': PAGES.authorization,
  'API reference': '/docs/api/fhir/certified/v1/patient-access/resources/',
  'API operation': '/docs/api/patient-image/',
  tutorials: PAGES.tutorials,
};

for (const [kind, path] of Object.entries(portalPages)) {
  test(`${kind} (${path}) works under the policy`, async ({ page }) => {
    await gotoHydrated(page, path);
    // The colour-mode script ran (it sets data-theme-choice before paint).
    await expect(page.locator('html')).toHaveAttribute('data-theme-choice', /light|dark|system/);
    await page.mouse.wheel(0, 4000);
    await page.waitForLoadState('networkidle');
  });
}

test('mermaid diagrams render under the policy', async ({ page }) => {
  await gotoHydrated(page, PAGES.authorization);
  const diagram = page.locator('.docusaurus-mermaid-container svg, .mermaid svg').first();
  await diagram.scrollIntoViewIfNeeded();
  await expect(diagram).toBeVisible();
});

test('the announcement bar keeps its colours without a style attribute', async ({ page }) => {
  await gotoHydrated(page, PAGES.intro);
  const bar = page.locator('.theme-announcement-bar');
  await expect(bar).toBeVisible();
  await expect(bar).not.toHaveAttribute('style', /.+/);
  expect(await bar.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(232, 241, 251)');
});

test('search, navigation and the colour-mode switch work under the policy', async ({ page }) => {
  await gotoHydrated(page, PAGES.intro);
  await page.keyboard.press('Control+k');
  const input = page.getByRole('searchbox').or(page.getByRole('combobox')).first();
  await input.fill('patient');
  await expect(page.locator('.search-result, [role="option"]').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await page.locator('.menu__link', { hasText: /registration/i }).first().click();
  await expect(page).toHaveURL(/registration/);
  const toggle = page.getByRole('button', { name: /switch between dark and light mode|color mode|colour mode/i }).first();
  await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', /dark|light/);
});

test('the not-found page works under the policy', async ({ page }) => {
  const res = await page.goto(PAGES.notFound);
  expect(res?.status()).toBe(404);
  expect(res?.headers()['content-security-policy']).toContain("default-src 'self'");
  await expect(page.locator('h1')).toContainText(/not found/i);
});

test('the fixture site (tabs, dropdowns, versions) works under its policy', async ({ page }) => {
  await gotoHydrated(page, `${FIXTURE_URL}/docs/`);
  await page.waitForLoadState('networkidle');
});

test('the FHIR fixture site works under its policy', async ({ page }) => {
  await gotoHydrated(page, `${FHIR_URL}/docs/api/`);
  await page.waitForLoadState('networkidle');
});
