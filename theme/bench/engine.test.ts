// Query latency over a large synthetic index (make bench-search): once its
// shards are loaded, a query over ~50,000 terms should take well under 10 ms.
// A benchmark, not a test: it prints the medians and fails on no timing.
// The index is synthetic but shaped like a real one: words built from common
// syllables (so prefixes such as "co" cover thousands of terms), identifiers,
// Zipf-like document frequencies and shards cut at 16 KiB as the Go builder does.
import { expect, it } from 'vitest';
import type { IndexMeta, PageFragment, TermShard } from '../src/search/engine/files';
import { createSearchEngine } from '../src/search/engine/index';
import { compareTerms } from '../src/search/engine/terms';

const TERMS = 50_000;
const PAGES = 2_000;
const SECTIONS_PER_PAGE = 6;
const MAX_SHARD_BYTES = 16 * 1024;
const SYLLABLES = 'co con pa ti ent ob ser va tion re de in pro ment al er st ex port im ma ge lo ra di ca te no ve mi';

/** A deterministic pseudo-random source (mulberry32), so every run measures the same index. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function syntheticIndex() {
  const next = random(42);
  const pick = <T,>(items: T[]) => items[Math.floor(next() * items.length)];
  const syllables = SYLLABLES.split(' ');
  const word = () => Array.from({ length: 2 + Math.floor(next() * 3) }, () => pick(syllables)).join('');
  const vocabulary = new Set<string>();
  while (vocabulary.size < TERMS) vocabulary.add(next() < 0.1 ? `=${word()}.${word()}` : word());
  const terms = [...vocabulary].sort(compareTerms);

  const postings = terms.map(() => {
    const pages = new Set<number>();
    const df = 1 + Math.floor(next() ** 4 * 300);
    while (pages.size < df) pages.add(Math.floor(next() * PAGES));
    return [...pages]
      .sort((a, b) => a - b)
      .flatMap((page) => [page, Math.floor(next() * SECTIONS_PER_PAGE), (1 << Math.floor(next() * 4)) * 16 + 1]);
  });

  const shards: TermShard[] = [];
  let shard: TermShard = { terms: [], postings: [] };
  let bytes = 0;
  terms.forEach((term, i) => {
    const entry = JSON.stringify(term).length + JSON.stringify(postings[i]).length + 2;
    if (shard.terms.length > 0 && bytes + entry > MAX_SHARD_BYTES) {
      shards.push(shard);
      shard = { terms: [], postings: [] };
      bytes = 0;
    }
    shard.terms.push(term);
    shard.postings.push(postings[i]);
    bytes += entry;
  });
  shards.push(shard);

  const meta: IndexMeta = {
    version: 3,
    pages: PAGES,
    sections: PAGES * SECTIONS_PER_PAGE,
    versions: ['current'],
    pageVersions: new Array<number>(PAGES).fill(0),
    shards: shards.map((s, i) => (i === 0 ? '' : s.terms[0])),
    avgSectionLength: 150,
    // Stand-ins for the content hashes: file i is named by i in hex.
    shardHashes: shards.map((_, i) => syntheticHash(i)),
    pageHashes: Array.from({ length: PAGES }, (_, p) => syntheticHash(p)),
  };
  const text = () => Array.from({ length: 150 }, word).join(' ').slice(0, 1000);
  const fragment = (page: number): PageFragment => ({
    url: `/docs/page-${page}/`,
    title: `Page ${page}`,
    version: 'current',
    sections: Array.from({ length: SECTIONS_PER_PAGE }, (_, s) => ({
      anchor: s === 0 ? '' : `section-${s}`,
      heading: `Section ${s}`,
      text: text(),
      words: 150,
    })),
  });
  return { meta, shards, fragment, words: terms.filter((term) => !term.startsWith('=')) };
}

function syntheticHash(i: number): string {
  return i.toString(16).padStart(10, '0');
}

it('measures query latency over loaded shards of a 50,000-term index', async () => {
  const { meta, shards, fragment, words } = syntheticIndex();
  const fragments = new Map<number, PageFragment>();
  const search = createSearchEngine('/search/index.json', async (url) => {
    const path = url.slice('/search/'.length);
    const shard = /^t\/([0-9a-f]{10})\.json$/.exec(path);
    const page = /^p\/([0-9a-f]{10})\.json$/.exec(path);
    if (path === 'index.json') return { json: meta, bytes: 1 };
    if (shard) return { json: shards[parseInt(shard[1], 16)], bytes: 1 };
    const number = parseInt(page![1], 16);
    if (!fragments.has(number)) fragments.set(number, fragment(number));
    return { json: fragments.get(number), bytes: 1 };
  });

  const long = words.find((word) => word.length >= 9)!;
  const queries = [
    words[1000], // an exact word
    'co', // a two-letter prefix over thousands of terms
    long.slice(0, 6), // a prefix still being typed
    long.slice(0, 3) + long.slice(4), // a typo
    `${words[2000]} ${words[20000]} ${words[40000]}`, // several words
    'proment.dete', // an identifier
  ];
  for (const query of queries) await search.search(query); // load the shards and fragments

  const medians = new Map<string, number>();
  for (const query of queries) {
    const times: number[] = [];
    for (let run = 0; run < 15; run++) {
      const start = performance.now();
      await search.search(query);
      times.push(performance.now() - start);
    }
    medians.set(query, times.sort((a, b) => a - b)[Math.floor(times.length / 2)]);
  }
  console.log(
    `${meta.shards.length} shards; median ms per query:`,
    Object.fromEntries([...medians].map(([query, ms]) => [query, Number(ms.toFixed(2))])),
  );
  expect(medians.size).toBe(queries.length);
});
