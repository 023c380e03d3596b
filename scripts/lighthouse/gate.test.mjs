// The gate fails on what it must and only on that (node --test).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkGate, GOAL } from './gate.mjs';
import { PAGES } from './pages.mjs';
import { formatTable, median } from './table.mjs';

const page = PAGES.find((p) => p.kind === 'guide');
const notFound = PAGES.find((p) => p.kind === 'not found');
const result = (over = {}) => ({
  page,
  performance: 99,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  fcp: 1600,
  lcp: 1800,
  tbt: 20,
  cls: 0,
  speedIndex: 1600,
  load: 0.5,
  failing: [],
  ...over,
});

test('a page at the goal passes', () => {
  assert.deepEqual(checkGate([result()]), []);
});

test('performance under the floor fails; between the floor and the goal passes', () => {
  assert.equal(checkGate([result({ performance: 89 })]).length, 0);
  assert.match(checkGate([result({ performance: 69 })])[0].message, /performance 69, under the floor 70/);
});

test('any failing accessibility, best-practices or SEO audit fails', () => {
  const [problem] = checkGate([result({ accessibility: 97, failing: ['accessibility/color-contrast'] })]);
  assert.equal(problem.kind, 'guide');
  assert.match(problem.message, /accessibility\/color-contrast/);
});

test('any layout shift fails', () => {
  assert.match(checkGate([result({ cls: 0.0007 })])[0].message, /layout shift 0.0007/);
});

test('the not-found page may fail exactly its by-design audits, and must', () => {
  const byDesign = notFound.expectedFailing;
  assert.deepEqual(checkGate([result({ page: notFound, failing: byDesign })]), []);
  assert.equal(checkGate([result({ page: notFound, failing: [...byDesign, 'seo/meta-description'] })]).length, 1);
  assert.match(checkGate([result({ page: notFound, failing: [] })])[0].message, /no longer fail/);
  // Another console error than its own 404 is not by design.
  assert.equal(checkGate([result({ page: notFound, failing: ['seo/http-status-code', 'seo/is-crawlable', 'best-practices/errors-in-console'] })]).length, 2);
});

test('the table marks figures under the goal and takes medians', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([1, 2, 3, 4]), 2.5);
  const table = formatTable([result({ tbt: 120, performance: 97 })], GOAL);
  assert.match(table, /\| guide \| `\/docs\/getting-started\/registration\/` \| \*\*97\*\* \| 100 \| 100 \| 100 \|/);
  assert.match(table, /\*\*120 ms\*\*/);
});
