// The budget. GATE is what `make test` enforces on every run and never
// flakes on a shared machine; GOAL is the target docs/performance.md records
// as the median of three runs on a quiet machine.
export const GATE = { performance: 70, accessibility: 100, bestPractices: 100, seo: 100, cls: 0 };
export const GOAL = { performance: 99, accessibility: 100, bestPractices: 100, seo: 100, cls: 0, tbt: 50 };

/** The reasons the results fail the gate, each with its page; empty when they pass. */
export function checkGate(results) {
  const problems = [];
  for (const r of results) {
    const { kind, path, expectedFailing = [] } = r.page;
    const where = `${kind} (${path})`;
    const problem = (message) => problems.push({ kind, message: `${where}: ${message}` });
    if (r.runtimeError) problem(`Lighthouse could not measure it: ${r.runtimeError}`);
    if (r.performance < GATE.performance) problem(`performance ${r.performance}, under the floor ${GATE.performance}`);
    const unexpected = r.failing.filter((audit) => !expectedFailing.includes(audit));
    if (unexpected.length > 0) problem(`failing audits ${unexpected.join(', ')} (accessibility, best practices and SEO must be 100)`);
    const missing = expectedFailing.filter((audit) => !r.failing.includes(audit));
    if (missing.length > 0) problem(`${missing.join(', ')} no longer fail: the page should fail them by design (see pages.mjs)`);
    if (!(r.cls <= GATE.cls)) problem(`cumulative layout shift ${r.cls.toFixed(4)}, must be 0`);
  }
  return problems;
}
