// Prints one plain "N passed, N failed" line per JavaScript test runner, from
// their JSON reports, because CI reads that line and not their own summaries.
import { existsSync, readFileSync } from 'node:fs';

const reports = [
  ['vitest', 'theme/test-results/vitest.json', (r) => [r.numPassedTests, r.numFailedTests, r.numPendingTests ?? 0]],
  ['playwright', 'e2e/test-results/results.json', (r) => [r.stats.expected + (r.stats.flaky ?? 0), r.stats.unexpected, r.stats.skipped ?? 0]],
];

for (const [name, file, counts] of reports) {
  if (!existsSync(file)) {
    console.log(`${name}: no report at ${file}`);
    continue;
  }
  const [passed, failed, skipped] = counts(JSON.parse(readFileSync(file, 'utf8')));
  console.log(`${name}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
}
