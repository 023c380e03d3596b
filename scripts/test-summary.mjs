// Prints one plain "N passed, N failed" line per JavaScript test runner, from
// their JSON reports, because CI reads that line and not their own summaries.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

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

// A browser-suite server that died leaves only "connection refused" in the
// tests' output; its log holds the reason (e2e/playwright.config.ts).
const serverLogs = 'e2e/test-results/servers';
if (existsSync(serverLogs)) {
  for (const name of readdirSync(serverLogs)) {
    const lines = readFileSync(`${serverLogs}/${name}`, 'utf8').split('\n');
    const at = lines.findIndex((l) => /^panic:|^fatal error:|panic in net\/http handler/.test(l));
    if (at >= 0) console.log(`e2e server ${name} crashed:\n${lines.slice(Math.max(0, at - 2), at + 40).join('\n')}`);
  }
}
