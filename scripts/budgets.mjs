#!/usr/bin/env node
// Budgets measured on the real build (STYLE.md 15), each enforced:
//   - js-first-load-gzip: the JavaScript a reader downloads on the first load
//     of a doc page and of one page of each kind (scripts/lighthouse/pages.mjs),
//     gzip-compressed as the server sends it (100 KB each);
//   - prerender: the prerender stage of a full, cold `portal build` of the
//     portal, which renders every route in the embedded JavaScript engine and
//     writes the output, per route (30 ms, a generous floor: the figure itself
//     is a benchmark's, docs/performance.md). Per route, so that the budget
//     holds the engine's speed, not the site's size.
// The build's total wall time is reported, not gated.
//
// Usage: node scripts/budgets.mjs [--dir BUILT_DIR --timings FILE]
//        (after `make build` and `cd e2e && npm ci`). With --dir and --timings
//        (make budgets: the build every gate shares, and what its --timings
//        printed) it serves that folder and reads that build's stages; without,
//        it serves the embedded portal and builds it BUDGET_BUILD_RUNS times.
// Env:   CHROMIUM_PATH (default /usr/bin/chromium), BUDGET_PAGE (default a doc page),
//        BUDGET_JS_KB (default 100), BUDGET_PRERENDER_MS_PER_ROUTE (default 30),
//        BUDGET_BUILD_RUNS (default 3).
// Exit:  1 when any budget is exceeded or a measurement fails.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { PAGES } from './lighthouse/pages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const portal = path.join(root, 'bin', 'portal');
const JS_BUDGET_KB = Number(process.env.BUDGET_JS_KB ?? 100);
const PRERENDER_BUDGET_MS_PER_ROUTE = Number(process.env.BUDGET_PRERENDER_MS_PER_ROUTE ?? 30);
const BUILD_RUNS = Number(process.env.BUDGET_BUILD_RUNS ?? 3);
const PAGE = process.env.BUDGET_PAGE ?? '/docs/getting-started/ip-allow-list/';
const KB = 1000; // as Vite reports sizes

function fail(message) {
  console.error(`budgets: ${message}`);
  process.exit(1);
}

async function loadChromium() {
  const require = createRequire(path.join(root, 'e2e', 'package.json'));
  let entry;
  try {
    entry = require.resolve('playwright-core');
  } catch {
    fail('playwright-core is missing: run `cd e2e && npm ci` first');
  }
  const mod = await import(pathToFileURL(entry).href);
  return (mod.default ?? mod).chromium;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForServer(url, child, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) fail(`portal serve exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  fail(`portal serve did not answer at ${url} within ${timeoutMs} ms`);
}

/** Sums the compressed size of every JavaScript response of one first load. */
async function measureFirstLoadJS(baseUrl, pagePath) {
  const chromium = await loadChromium();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Encoding': 'gzip' } });
    const page = await context.newPage();
    const pending = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      const contentType = response.headers()['content-type'] ?? '';
      if (type !== 'script' && !/javascript/.test(contentType)) return;
      pending.push(
        (async () => {
          const headers = await response.allHeaders();
          const encoding = headers['content-encoding'] ?? '';
          const length = Number(headers['content-length']);
          if (encoding === 'gzip' && Number.isFinite(length) && length > 0) {
            return { url: response.url(), bytes: length, how: 'content-length (gzip)' };
          }
          // Not compressed by the server, or chunked: gzip the body the way a server would.
          const body = await response.body();
          return { url: response.url(), bytes: encoding === 'gzip' ? body.length : gzipSync(body, { level: 6 }).length, how: encoding === 'gzip' ? 'body (gzip)' : 'gzipped here' };
        })(),
      );
    });
    await page.goto(baseUrl + pagePath, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const hydrated = await page.locator('html[data-has-hydrated="true"]').count();
    if (!hydrated) console.warn('budgets: warning: the page did not mark itself hydrated');
    return await Promise.all(pending);
  } finally {
    await browser.close();
  }
}

/** What one `portal build --timings` printed: its route count and prerender stage. */
function parseTimings(stdout) {
  const built = /^built (\d+) routes/m.exec(stdout);
  const prerender = /^stage prerender: (\d+) ms\b/m.exec(stdout); // "(CPU n ms)" may follow
  if (!built || !prerender) fail(`portal build --timings printed no route count or prerender stage:\n${stdout}`);
  return { routes: Number(built[1]), prerender: Number(prerender[1]) };
}

/** Builds the portal BUILD_RUNS times; the medians of the wall time and of the prerender stage. */
function timeBuilds() {
  const walls = [];
  const prerenders = [];
  let routes = 0;
  for (let i = 0; i < BUILD_RUNS; i++) {
    const out = mkdtempSync(path.join(os.tmpdir(), 'portal-budget-'));
    try {
      const start = process.hrtime.bigint();
      const run = spawnSync(portal, ['build', '--out', path.join(out, 'site'), '--timings'], { encoding: 'utf8' });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (run.status !== 0) fail(`portal build failed:\n${run.stdout}${run.stderr}`);
      const timings = parseTimings(run.stdout);
      routes = timings.routes;
      walls.push(ms);
      prerenders.push(timings.prerender);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { routes, wall: median(walls), prerender: median(prerenders), walls, prerenders };
}

async function main() {
  const { values } = parseArgs({ options: { dir: { type: 'string' }, timings: { type: 'string' } } });
  if (!!values.dir !== !!values.timings) fail('--dir and --timings go together: the built folder and what its build printed');
  if (!existsSync(portal)) fail(`${portal} is missing: run \`make build\` first`);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const serveArgs = ['serve', '--addr', `127.0.0.1:${port}`, ...(values.dir ? ['--dir', values.dir] : [])];
  const server = spawn(portal, serveArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
  let serverErr = '';
  server.stderr.on('data', (d) => (serverErr += d));
  let scripts;
  const kinds = [];
  try {
    await waitForServer(`${baseUrl}/`, server);
    scripts = await measureFirstLoadJS(baseUrl, PAGE);
    // Every kind of page (issue 16), diagrams included: the same budget each
    // (the diagram library loads only when a diagram nears the viewport).
    for (const p of PAGES) kinds.push({ ...p, scripts: await measureFirstLoadJS(baseUrl, p.path) });
  } catch (err) {
    fail(`${err instanceof Error ? err.message : err}\n${serverErr}`);
  } finally {
    server.kill('SIGTERM');
  }
  if (scripts.length === 0) fail(`no JavaScript was loaded by ${PAGE}`);
  const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
  for (const s of scripts) console.log(`  ${(s.bytes / KB).toFixed(1).padStart(7)} KB  ${new URL(s.url).pathname}  [${s.how}]`);
  const kb = total / KB;
  console.log(`js-first-load-gzip: ${kb.toFixed(1)} KB (budget ${JS_BUDGET_KB} KB)`);

  const overKinds = [];
  for (const k of kinds) {
    const kindKb = k.scripts.reduce((sum, s) => sum + s.bytes, 0) / KB;
    console.log(`js-first-load-gzip ${k.kind}: ${kindKb.toFixed(1)} KB in ${k.scripts.length} files (budget ${JS_BUDGET_KB} KB)  ${k.path}`);
    if (kindKb > JS_BUDGET_KB) overKinds.push(`${k.kind} (${k.path}) ${kindKb.toFixed(1)} KB`);
  }

  let builds;
  if (values.timings) {
    builds = parseTimings(readFileSync(values.timings, 'utf8'));
    console.log(`  the build of ${values.dir}: prerender stage ${builds.prerender} ms`);
  } else {
    builds = timeBuilds();
    console.log(`  builds: ${builds.walls.map((t) => Math.round(t)).join(' ms, ')} ms; prerender stage: ${builds.prerenders.join(' ms, ')} ms`);
    console.log(`  info: portal-build: ${Math.round(builds.wall)} ms for ${builds.routes} routes, not gated`);
  }
  const perRoute = builds.prerender / builds.routes;
  console.log(`prerender: ${builds.prerender} ms for ${builds.routes} routes, ${perRoute.toFixed(1)} ms per route (budget ${PRERENDER_BUDGET_MS_PER_ROUTE} ms per route)`);

  const breaches = [];
  if (overKinds.length > 0) breaches.push(`first-load JavaScript over the ${JS_BUDGET_KB} KB budget on: ${overKinds.join('; ')}`);
  if (kb > JS_BUDGET_KB) breaches.push(`first-load JavaScript is ${kb.toFixed(1)} KB, over the ${JS_BUDGET_KB} KB budget`);
  if (perRoute > PRERENDER_BUDGET_MS_PER_ROUTE) {
    breaches.push(`prerendering takes ${perRoute.toFixed(1)} ms per route, over the ${PRERENDER_BUDGET_MS_PER_ROUTE} ms budget`);
  }
  for (const b of breaches) console.error(`budgets: ${b}`);
  if (breaches.length > 0) process.exit(1);
}

await main();
