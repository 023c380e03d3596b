// Error states (reference 2.2, 7.1, 7.8; spec section 8): the not-found page,
// a page crash inside the layout, and an app-level crash.
import { expect, test } from './fixtures';
import { gotoHydrated, PAGES, route, SITE_TITLE } from './helpers';

const MISSING_EXPORT = (path: string) =>
  `The page component at ${path} doesn't have a default export. This makes it impossible to render anything. Consider default-exporting a React component.`;

for (const path of [PAGES.notFound, '/no-such-page/']) {
  test(`an unknown path (${path}) answers 404 with the not-found page`, async ({ page }) => {
    const res = await page.goto(path);
    expect(res?.status()).toBe(404);
    await expect(page).toHaveTitle(`Page Not Found | ${SITE_TITLE}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expect(page.getByText('We could not find what you were looking for.')).toBeVisible();
    await expect(
      page.getByText('Please contact the owner of the site that linked you to the original URL and let them know their link is broken.'),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();
    await expect(page.locator('main.container.margin-vert--xl h1.hero__title')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    await expect(page).toHaveURL(path);
  });
}

test('page data without a kind crashes the page inside the layout; Try again re-renders; other pages still work', async ({ page, request }) => {
  await gotoHydrated(page, PAGES.authorization);
  const target = await route(request, PAGES.registration);
  await page.route(`**${target.data}`, (r) =>
    r.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ title: 'Registration without a kind' }) }),
  );
  await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Registration', exact: true }).click();
  await expect(page).toHaveURL(PAGES.registration);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('This page crashed.');
  await expect(page.getByText(MISSING_EXPORT(PAGES.registration), { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.locator('footer')).toBeVisible();
  await expect(page.getByText('Details', { exact: true })).toBeVisible();
  const tryAgain = page.getByRole('button', { name: 'Try again' });
  await tryAgain.click();
  await expect(heading).toHaveText('This page crashed.'); // the data is still broken
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Docs', exact: true }).click();
  await expect(page).toHaveURL(PAGES.intro);
  await expect(page.locator('article h1').first()).toBeVisible();
  await expect(page.getByText('This page crashed.')).toHaveCount(0);
});

test('a navbar item that fails to render crashes the app: "Page Error", "This page crashed", the message chain', async ({ page }) => {
  // The site data names a navbar item type the theme does not know; the
  // server render (from the real data) is fine, the browser's render throws.
  await page.route('**/data/site.*.json', async (r) => {
    const res = await r.fetch();
    const json = (await res.text()).replace('"navbar":[{"type":"doc"', '"navbar":[{"type":"bogus"');
    await r.fulfill({ response: res, body: json });
  });
  await page.goto(PAGES.intro);
  await expect(page).toHaveTitle('Page Error');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page crashed');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  const chain = page.locator('p').filter({ hasText: 'A theme navbar item failed to render.' }).first();
  await expect(chain).toContainText(/Please double-check the following navbar item \(themeConfig\.navbar\.items\) of your \w+ config:/);
  await expect(chain).toContainText('Cause:');
  await expect(chain).toContainText('No NavbarItem component found for type "bogus".');
});
