// The results as a Markdown table (the format docs/performance.md records).

export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** A figure under the goal is shown in bold. */
function mark(text, ok) {
  return ok ? text : `**${text}**`;
}

export function formatTable(results, goal) {
  const lines = [
    '| kind | page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | speed index | load |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of results) {
    const byDesign = (category) => (r.page.expectedFailing ?? []).filter((a) => a.startsWith(`${category}/`)).map((a) => a.split('/')[1]);
    const score = (category, value, goalValue) => {
      const expected = byDesign(category);
      return expected.length ? `${value} (${expected.join(', ')} by design)` : mark(String(value), value >= goalValue);
    };
    lines.push(
      `| ${r.page.kind} | \`${r.page.path}\` | ${mark(String(r.performance), r.performance >= goal.performance)}` +
        ` | ${mark(String(r.accessibility), r.accessibility >= goal.accessibility)}` +
        ` | ${score('best-practices', r.bestPractices, goal.bestPractices)}` +
        ` | ${score('seo', r.seo, goal.seo)}` +
        ` | ${seconds(r.fcp)} | ${seconds(r.lcp)} | ${mark(`${Math.round(r.tbt)} ms`, r.tbt <= goal.tbt)}` +
        ` | ${mark(r.cls.toFixed(3), r.cls <= goal.cls)} | ${seconds(r.speedIndex)} | ${r.load.toFixed(2)} |`,
    );
  }
  return lines.join('\n');
}
