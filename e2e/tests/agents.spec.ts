// What agents read (docs/agents.md): llms.txt in the proposal's shape,
// linking only pages that answer, and each page's Markdown on its own URL
// for a client that asks for text/markdown.
import { expect, test } from './fixtures';
import { SITE_URL } from './helpers';

const LINK_LINE = /^- \[(?:[^\]\\]|\\.)+\]\(([^)\s]+)\)(?:: .+)?$/;

test('every page llms.txt links answers 200 with HTML, and with its Markdown to Accept: text/markdown', async ({ request }) => {
  test.setTimeout(120_000);
  const index = await request.get('/llms.txt');
  expect(index.status()).toBe(200);
  const lines = (await index.text()).split('\n');
  expect(lines.filter((l) => l.startsWith('# ')), 'one H1').toHaveLength(1);
  expect(lines.some((l) => l.startsWith('> ')), 'a blockquote summary').toBe(true);
  const links = lines.filter((l) => l.startsWith('- ')).map((l) => LINK_LINE.exec(l)?.[1] ?? `not a link line: ${l}`);
  expect(links.length).toBeGreaterThan(100);
  const problems: string[] = [];
  for (const link of new Set(links)) {
    if (!link.startsWith(SITE_URL)) {
      problems.push(`${link}: not on ${SITE_URL}`);
      continue;
    }
    const path = link.slice(SITE_URL.length);
    const html = await request.get(path);
    if (html.status() !== 200 || !html.headers()['content-type']?.startsWith('text/html')) problems.push(`${path}: ${html.status()} ${html.headers()['content-type']}`);
    const md = await request.get(path, { headers: { Accept: 'text/markdown' } });
    if (md.status() !== 200 || !md.headers()['content-type']?.startsWith('text/markdown')) problems.push(`${path} as Markdown: ${md.status()} ${md.headers()['content-type']}`);
    if (!/\bAccept\b/i.test(md.headers()['vary'] ?? '')) problems.push(`${path}: no Vary: Accept`);
  }
  expect(problems).toEqual([]);
});
