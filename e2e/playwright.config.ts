// Portal's browser suite: Playwright Test driving Debian's Chromium (never a
// downloaded browser) against the real bin/portal, which `make e2e` builds
// first. One server serves the embedded portal; a second serves the fixture
// site in fixtures/dropdowns (navbar features the portal's config lacks); a
// third serves the engine's FHIR fixture site (generated reference pages);
// a fourth runs portal dev on a scratch copy of the portal site. `make e2e`
// hands the first the portal build every gate of `make test` shares
// (PORTAL_E2E_SITE_DIR, from make site-build); without it, it serves the
// embedded portal.
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.PORTAL_E2E_PORT ?? 4173);
const FIXTURE_PORT = Number(process.env.PORTAL_E2E_FIXTURE_PORT ?? 4174);
const FHIR_PORT = Number(process.env.PORTAL_E2E_FHIR_PORT ?? 4175);
const DEV_PORT = Number(process.env.PORTAL_E2E_DEV_PORT ?? 4176);

const SITE_DIR = process.env.PORTAL_E2E_SITE_DIR;

const BASE_URL = `http://127.0.0.1:${PORT}`;

/**
 * Runs a server with its log (access lines, warnings, a panic's trace) in
 * test-results/servers/NAME.log, so a server that dies mid-suite leaves its
 * reason behind; scripts/test-summary.mjs prints any panic found there.
 */
function logged(name: string, command: string): string {
  return `sh -c 'mkdir -p test-results/servers && exec ${command} 2>test-results/servers/${name}.log'`;
}
const FIXTURE_URL = `http://127.0.0.1:${FIXTURE_PORT}`;

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // Two cores: one worker is as fast as two and steadier (shared/reference/browser-testing.md).
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  outputDir: 'test-results/artifacts',
  use: {
    browserName: 'chromium',
    headless: true,
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 800 },
    colorScheme: 'light',
    // A missing element fails fast instead of using up the test's 30 s.
    actionTimeout: 10_000,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: [
    {
      command: logged('portal', `../bin/portal serve ${SITE_DIR ? `--dir ${SITE_DIR} ` : ''}--addr 127.0.0.1:${PORT}`),
      url: `${BASE_URL}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'ignore',
    },
    {
      command: logged('dropdowns', `../bin/portal serve --site fixtures/dropdowns --addr 127.0.0.1:${FIXTURE_PORT}`),
      url: `${FIXTURE_URL}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'ignore',
    },
    {
      command: logged('fhir', `../bin/portal serve --site ../internal/pipeline/testdata/fhir-site --addr 127.0.0.1:${FHIR_PORT}`),
      url: `http://127.0.0.1:${FHIR_PORT}/docs/api/`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'ignore',
    },
    {
      // The tests edit this copy (tests/dev.spec.ts), never the real site.
      command: `sh -c 'rm -rf test-results/dev-site && mkdir -p test-results/servers && cp -r ../site test-results/dev-site && exec ../bin/portal dev --site test-results/dev-site --addr 127.0.0.1:${DEV_PORT} 2>test-results/servers/dev.log'`,
      url: `http://127.0.0.1:${DEV_PORT}/docs/`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'ignore',
    },
  ],
});
