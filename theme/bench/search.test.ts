// Search benchmark: query latency (median, p95) and bytes transferred per
// query, over an index built by `portal build` (scripts/search-bench.sh
// builds the benchmark corpus and points SEARCH_BENCH_SITE at it). Not a
// pass/fail test: it prints figures for docs/performance.md.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { createSearchEngine } from '../src/search/engine';

const site = process.env.SEARCH_BENCH_SITE;
const label = process.env.SEARCH_BENCH_LABEL ?? 'corpus';

// What developers type: resource and parameter names, identifiers, prose,
// prefixes still being typed, and misspellings.
const QUERIES = [
  'patient', 'observation search', 'birthdate', '_revinclude', 'operationoutcome', 'token', 'patient custom ethnicity',
  'rate limits', 'authorizaton', 'medicationrequ', 'us-core-appointment', '$export', 'consent registration', 'encounter',
  'bundle searchset', 'capability statement', 'practitioner role', 'allergyintolerance', 'refresh token', 'coverage',
];

function siteData(root: string): { searchIndex: string } {
  const name = readdirSync(join(root, 'data')).find((f) => f.startsWith('site.'));
  return JSON.parse(readFileSync(join(root, 'data', name!), 'utf8'));
}

// Files as a static host serves them; bytes counted gzip-compressed, as
// they travel.
function fileFetcher(root: string) {
  return async (url: string) => {
    const body = readFileSync(join(root, decodeURIComponent(new URL(url, 'http://bench.invalid').pathname)));
    return { json: JSON.parse(body.toString('utf8')), bytes: gzipSync(body).length };
  };
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

test(`search benchmark: ${label}`, async () => {
  expect(site, 'set SEARCH_BENCH_SITE to a built site (scripts/search-bench.sh does)').toBeTruthy();
  const { searchIndex } = siteData(site!);
  expect(searchIndex).not.toBe('');
  const fetchJSON = fileFetcher(site!);

  // Cold: a fresh engine per query, as a reader's first search on a page.
  const coldBytes: number[] = [];
  const coldMs: number[] = [];
  for (const q of QUERIES) {
    const engine = createSearchEngine(searchIndex, fetchJSON);
    const start = performance.now();
    await engine.search(q);
    coldMs.push(performance.now() - start);
    coldBytes.push(engine.bytesLoaded());
  }
  // Warm: one engine, every query repeated, files already loaded.
  const engine = createSearchEngine(searchIndex, fetchJSON);
  for (const q of QUERIES) await engine.search(q);
  const warmMs: number[] = [];
  for (let round = 0; round < 20; round++) {
    for (const q of QUERIES) {
      const start = performance.now();
      await engine.search(q);
      warmMs.push(performance.now() - start);
    }
  }
  const sort = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const kb = (n: number) => (n / 1024).toFixed(1);
  const cb = sort(coldBytes);
  const cm = sort(coldMs);
  const wm = sort(warmMs);
  console.log(
    [
      `search ${label}: ${QUERIES.length} queries`,
      `  bytes per query (gzip, cold cache): median ${kb(percentile(cb, 50))} KB, p95 ${kb(percentile(cb, 95))} KB, max ${kb(cb[cb.length - 1])} KB`,
      `  latency cold (file reads included): median ${percentile(cm, 50).toFixed(2)} ms, p95 ${percentile(cm, 95).toFixed(2)} ms`,
      `  latency warm (${warmMs.length} runs): median ${percentile(wm, 50).toFixed(3)} ms, p95 ${percentile(wm, 95).toFixed(3)} ms`,
    ].join('\n'),
  );
});
