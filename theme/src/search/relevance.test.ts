// Search relevance: the queries of internal/search/testdata/relevance/
// queries.json, each with the page(s) that must be among its first 3 results
// (and, for a query that names a page, the page that must be first),
// run through the real engine against the real index of a built fixture site
// (hand-written guides plus generated pages from HL7's US Core, CARIN,
// Plan-Net and Bulk Data resources). `make relevance-site` builds that site
// into theme/.cache/relevance-site (cmd/relevance-site); PORTAL_RELEVANCE_SITE
// points this test at another built folder.
//
// Every failing query is reported at once, in one table, with what the engine
// returned instead.
import { describe, expect, it } from 'vitest';
import { createSearchEngine, type SearchHit } from './engine';

// Through constants: Vite rewrites `new URL('literal', import.meta.url)` into a served asset URL.
const DEFAULT_SITE_PATH = '../../.cache/relevance-site/';
const QUERIES_PATH = '../../../internal/search/testdata/relevance/queries.json';
const DEFAULT_SITE = new URL(DEFAULT_SITE_PATH, import.meta.url);
const QUERIES = new URL(QUERIES_PATH, import.meta.url);
// The portal's own site (site/), built by `make relevance-site` too: queries
// about its pages, such as the ones a reader types to find a guide by name.
const PORTAL_SITE_PATH = '../../.cache/relevance-portal/';
const PORTAL_QUERIES_PATH = '../../../internal/search/testdata/relevance/portal-queries.json';
const PORTAL_SITE = new URL(PORTAL_SITE_PATH, import.meta.url);
const PORTAL_QUERIES = new URL(PORTAL_QUERIES_PATH, import.meta.url);

// The theme compiles without Node's types (tsconfig `types: []`), so the few
// Node functions this test uses are typed here.
interface NodeFS {
  existsSync(path: string): boolean;
  readFileSync(path: string): Uint8Array;
}
interface NodePath {
  resolve(...paths: string[]): string;
  join(...paths: string[]): string;
  relative(from: string, to: string): string;
  isAbsolute(path: string): boolean;
}
interface NodeURL {
  fileURLToPath(url: string): string;
}
const fs = (await import(/* @vite-ignore */ 'node:fs' as string)) as NodeFS;
const path = (await import(/* @vite-ignore */ 'node:path' as string)) as NodePath;
const { fileURLToPath } = (await import(/* @vite-ignore */ 'node:url' as string)) as NodeURL;
const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};

const TOP = 3;
const SHOWN = 5;

interface RelevanceQuery {
  query: string;
  top3: string[];
  /** The page that must be the very first result (one of top3): a page the query names. */
  first?: string;
  why: string;
}

interface RouteManifest {
  baseUrl: string;
  routes: { path: string; kind: string; unlisted?: boolean }[];
  siteData: string;
}


function readJSON(file: string): unknown {
  return JSON.parse(new TextDecoder().decode(fs.readFileSync(file)));
}

// A site URL (absolute path under the base URL, or a full URL) → its file in
// the built folder; never outside it.
function fileOf(siteDir: string, url: string, baseUrl: string): string {
  const pathname = decodeURIComponent(new URL(url, 'http://relevance.invalid/').pathname);
  if (!pathname.startsWith(baseUrl)) throw new Error(`${url} is not under the base URL ${baseUrl}`);
  const file = path.join(siteDir, pathname.slice(baseUrl.length));
  const rel = path.relative(siteDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) throw new Error(`${url} leaves the built site`);
  return file;
}

function readQueries(file: URL, name: string): RelevanceQuery[] {
  const queries = readJSON(fileURLToPath(file.href));
  if (!Array.isArray(queries)) throw new Error(`${name}: expected a JSON array`);
  return queries as RelevanceQuery[];
}

// The built site's route manifest. A missing site fails the tests that need
// it (never skips them): a relevance suite that quietly does not run is
// worse than none.
function readManifest(siteDir: string): RouteManifest {
  const routesFile = path.join(siteDir, 'routes.json');
  if (!fs.existsSync(routesFile)) {
    throw new Error(
      `The relevance fixture site is not built (no ${routesFile}): run \`make relevance-site\` first ` +
        '(or set PORTAL_RELEVANCE_SITE to a folder it built).',
    );
  }
  return readJSON(routesFile) as RouteManifest;
}

relevanceSuite('search relevance', {
  queries: readQueries(QUERIES, QUERIES_PATH),
  siteDir: env.PORTAL_RELEVANCE_SITE ? path.resolve(env.PORTAL_RELEVANCE_SITE) : fileURLToPath(DEFAULT_SITE.href),
  minQueries: 35,
});

relevanceSuite('search relevance on the portal itself', {
  queries: readQueries(PORTAL_QUERIES, PORTAL_QUERIES_PATH),
  siteDir: fileURLToPath(PORTAL_SITE.href),
  minQueries: 10,
});

function relevanceSuite(name: string, { queries, siteDir, minQueries }: { queries: RelevanceQuery[]; siteDir: string; minQueries: number }) {
  describe(name, () => {
    it(`has at least ${minQueries} well-formed queries`, () => {
      const problems: string[] = [];
      const seen = new Set<string>();
      queries.forEach((q, i) => {
        const where = `entry ${i} (${JSON.stringify(q?.query)})`;
        if (typeof q?.query !== 'string' || q.query.trim() === '') problems.push(`${where}: no query`);
        else if (seen.has(q.query)) problems.push(`${where}: duplicate query`);
        else seen.add(q.query);
        if (!Array.isArray(q?.top3) || q.top3.length < 1 || q.top3.length > TOP || q.top3.some((u) => typeof u !== 'string')) {
          problems.push(`${where}: top3 must list 1 to ${TOP} URLs`);
        }
        if (q?.first !== undefined && !(Array.isArray(q.top3) && q.top3.includes(q.first))) {
          problems.push(`${where}: first must be one of top3`);
        }
        if (typeof q?.why !== 'string' || q.why.trim() === '') problems.push(`${where}: no why`);
      });
      expect(problems, problems.join('\n')).toEqual([]);
      expect(queries.length).toBeGreaterThanOrEqual(minQueries);
    });

    it('expects only pages the built site has', () => {
      const manifest = readManifest(siteDir);
      // A query whose expected page does not exist can never pass: that is a
      // broken test, not a relevance failure.
      const searchable = new Set(
        manifest.routes.filter((r) => r.kind !== 'not-found' && !r.unlisted).map((r) => r.path),
      );
      const missing = queries.flatMap((q) =>
        (q.top3 ?? []).filter((url) => !searchable.has(url)).map((url) => `${JSON.stringify(q.query)} expects ${url}`),
      );
      expect(missing, `not listed routes of ${siteDir}/routes.json:\n${missing.join('\n')}`).toEqual([]);
    });

    it(`finds the expected pages in the top ${TOP}`, async () => {
      const manifest = readManifest(siteDir);
      const siteData = readJSON(fileOf(siteDir, manifest.siteData, manifest.baseUrl)) as { searchIndex?: string };
      if (!siteData.searchIndex) {
        throw new Error(
          `${manifest.siteData} has no searchIndex: the fixture's navbar must keep its {type: search} item.`,
        );
      }
      const engine = createSearchEngine(siteData.searchIndex, async (url) => {
        const data = fs.readFileSync(fileOf(siteDir, url, manifest.baseUrl));
        return { json: JSON.parse(new TextDecoder().decode(data)), bytes: data.byteLength };
      });

      const failures: { query: RelevanceQuery; hits: SearchHit[] }[] = [];
      for (const query of queries) {
        const hits = await engine.search(query.query, { limit: SHOWN });
        const top = new Set(hits.slice(0, TOP).map((hit) => hit.url));
        const firstOk = query.first === undefined || hits[0]?.url === query.first;
        if (!firstOk || !query.top3.every((url) => top.has(url))) failures.push({ query, hits });
      }

      const passed = queries.length - failures.length;
      console.log(`relevance: ${passed}/${queries.length} queries passed`);
      if (failures.length > 0) {
        throw new Error(
          `${failures.length} of ${queries.length} queries miss an expected page in the top ${TOP}:\n\n` +
            failureTable(failures),
        );
      }
    }, 60_000);
  });
}

// One row per failing query, as many lines as it needs: the expected pages
// (✗ marks those not in the top 3) beside the first 5 results.
function failureTable(failures: { query: RelevanceQuery; hits: SearchHit[] }[]): string {
  const header = ['query', `expected (✗ = not in top ${TOP})`, `got (top ${SHOWN})`];
  const rows = failures.map(({ query, hits }) => {
    const top = new Set(hits.slice(0, TOP).map((hit) => hit.url));
    const expected = query.top3.map((url) => `${top.has(url) ? '✓' : '✗'} ${url}`);
    if (query.first !== undefined) expected.push(`${hits[0]?.url === query.first ? '✓' : '✗'} first: ${query.first}`);
    const got = hits.length > 0 ? hits.map((hit, i) => `${i + 1}. ${hit.url} (${hit.score.toFixed(2)})`) : ['(no results)'];
    return [[JSON.stringify(query.query)], expected, got];
  });
  const widths = header.map((h, col) => Math.max(h.length, ...rows.map((row) => Math.max(...row[col].map((l) => l.length)))));
  const line = (cells: string[]) => cells.map((c, col) => c.padEnd(widths[col])).join(' │ ').trimEnd();
  const rule = widths.map((w) => '─'.repeat(w)).join('─┼─');
  const out = [line(header), rule];
  for (const row of rows) {
    const height = Math.max(...row.map((cell) => cell.length));
    for (let i = 0; i < height; i++) out.push(line(row.map((cell) => cell[i] ?? '')));
    out.push(rule);
  }
  return out.join('\n');
}
