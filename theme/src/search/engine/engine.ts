// The query engine: loads the index files a query needs, scores, and builds
// the displayed results (docs/search-index.md, "Query").
import { findCandidates, shardsForLookup, type Candidate } from './candidates';
import { Excerpts } from './excerpt';
import { fetchSameOriginJSON, IndexFiles, type FetchJSON, type PageFragment, type TermShard } from './files';
import type { SearchEngine, SearchHit, SearchHitSection, SearchOptions, SearchResults } from './index';
import { lookupsOf, parseQuery, type TermLookup } from './query';
import { rankQuery, type RankedPage } from './scoring';
import { includedPages } from './versions';

const DEFAULT_LIMIT = 10;
const SECTIONS_PER_HIT = 3;

/**
 * The engine for the index whose meta file is at `indexURL` (site data's
 * `searchIndex`); the other files are relative to its folder. Each file is
 * fetched at most once, by default with `fetch` and from the page's own origin only.
 */
export function createSearchEngine(indexURL: string, fetchJSON: FetchJSON = fetchSameOriginJSON): SearchEngine {
  const files = new IndexFiles(indexURL, fetchJSON);
  const excerpts = new Excerpts();
  return {
    search: (query, options) => search(files, excerpts, query, options ?? {}).then((results) => results.hits),
    results: (query, options) => search(files, excerpts, query, options ?? {}),
    bytesLoaded: () => files.bytesLoaded(),
    requests: () => files.requests(),
  };
}

// Every await reads from the engine's shared caches (files, and the analysis
// of texts shown), which only ever hold finished values, so overlapping
// searches cannot disturb each other.
async function search(
  files: IndexFiles,
  excerpts: Excerpts,
  query: string,
  options: SearchOptions,
): Promise<SearchResults> {
  const tree = parseQuery(query);
  const limit = options.limit ?? DEFAULT_LIMIT;
  if (!tree || limit <= 0) return { hits: [], total: 0 };
  const meta = await files.meta();

  const lookups = lookupsOf(tree);
  const shardsOf = new Map(lookups.map((lookup) => [lookup, shardsForLookup(lookup, meta.shards)]));
  const shards = await loadShards(files, [...new Set([...shardsOf.values()].flat())]);
  const candidates = new Map<TermLookup, Candidate[]>(
    lookups.map((lookup) => [lookup, findCandidates(lookup, meta.shards, shardsOf.get(lookup)!, shards)]),
  );

  const size = { pages: meta.pages, sections: Math.max(meta.sections, 1) };
  const included = includedPages(meta, options.version);
  const { pages: ranked, total } = rankQuery(
    tree,
    { ...size, shards, candidates, includedPages: included, pageWeights: meta.pageWeights, pageNameTokens: meta.pageNameTokens },
    limit,
  );
  const matchedTerms = new Set([...candidates.values()].flat().map((candidate) => candidate.term));
  const excerpt = (text: string) => excerpts.html(text, (term) => matchedTerms.has(term));
  const hits = await Promise.all(ranked.map(async (page) => toHit(page, await files.page(page.page), excerpt)));
  return { hits, total };
}

async function loadShards(files: IndexFiles, numbers: number[]): Promise<Map<number, TermShard>> {
  const shards = await Promise.all(numbers.map((number) => files.shard(number)));
  return new Map(numbers.map((number, i) => [number, shards[i]]));
}

function toHit(ranked: RankedPage, fragment: PageFragment, excerpt: (text: string) => string): SearchHit {
  const sections: SearchHitSection[] = [];
  for (const { section } of ranked.sections) {
    const shown = fragment.sections[section];
    if (!shown) continue;
    sections.push({
      anchor: section === 0 ? '' : shown.anchor,
      heading: section === 0 ? fragment.title : shown.heading,
      excerptHTML: excerpt(shown.text),
    });
    if (sections.length === SECTIONS_PER_HIT) break;
  }
  return { url: fragment.url, title: fragment.title, score: ranked.score, sections };
}
