// The index files of docs/search-index.md ("Files", format version 3) and
// their loading. The meta file index.json has a fixed URL and names every
// other file: term shard i is t/{shardHashes[i]}.json and page fragment p is
// p/{pageHashes[p]}.json, next to it. Those files are named by their content
// (the first 10 hex digits of the SHA-256 of their bytes), so each is
// immutable and a rebuild leaves unchanged ones in place. Each file is
// fetched at most once per engine, concurrent requests share one fetch, and a
// failed fetch is forgotten so that the next search retries it.

/** Fetches a JSON file; `bytes` is its transfer size (Content-Length, else the body length). */
export type FetchJSON = (url: string) => Promise<{ json: unknown; bytes: number }>;

/** index.json: the meta file, at a fixed URL; it names the other files by their content. */
export interface IndexMeta {
  version: 3;
  pages: number;
  sections: number;
  /** Docs version names, plus "" for pages outside the docs. */
  versions: string[];
  /** For each page, its index in `versions`. */
  pageVersions: number[];
  /** For each page, the factor its score is scaled by; absent when every page weighs 1. */
  pageWeights?: number[];
  /** For each page, the token counts of its title and its sidebar label (0 without one). */
  pageNameTokens?: [number, number][];
  /** The first term of each shard, sorted in code-point order. */
  shards: string[];
  avgSectionLength: number;
  /**
   * For each shard, the hash naming its file: shard i is `t/{shardHashes[i]}.json`, relative
   * to index.json. A hash is the first 10 hex digits of the SHA-256 of the file's bytes.
   */
  shardHashes: string[];
  /**
   * For each page, the hash naming its fragment: page p is `p/{pageHashes[p]}.json`, relative
   * to index.json. Pages whose fragments are byte-identical share one hash and one file.
   */
  pageHashes: string[];
}

/** t/{shardHashes[i]}.json: sorted terms and, for each, flat `page, section, weight` triples. */
export interface TermShard {
  terms: string[];
  postings: number[][];
}

/** p/{pageHashes[p]}.json: what a result needs to be displayed. */
export interface PageFragment {
  url: string;
  title: string;
  version: string;
  sections: { anchor: string; heading: string; text: string; words: number }[];
}

/** An index file that is missing, unreachable or not in the documented shape. */
export class SearchIndexError extends Error {
  constructor(url: string, reason: string, options?: { cause?: unknown }) {
    super(`Search index ${url}: ${reason}`, options);
    this.name = 'SearchIndexError';
  }
}

/** Loads index.json and the content-named files it lists, remembering each. */
export class IndexFiles {
  private readonly folder: string;
  private readonly cache = new Map<string, Promise<unknown>>();
  private readonly fetched: string[] = [];
  private bytes = 0;

  constructor(
    private readonly indexURL: string,
    private readonly fetchJSON: FetchJSON,
  ) {
    this.folder = indexURL.slice(0, indexURL.lastIndexOf('/') + 1);
  }

  meta(): Promise<IndexMeta> {
    return this.load(this.indexURL, parseMeta);
  }

  /** Term shard `index`, at the URL its hash in index.json gives. */
  async shard(index: number): Promise<TermShard> {
    const hash = hashAt((await this.meta()).shardHashes, index, this.indexURL, 'shard');
    return this.load(`${this.folder}t/${hash}.json`, parseShard);
  }

  /** The fragment of page `index`, at the URL its hash in index.json gives. */
  async page(index: number): Promise<PageFragment> {
    const hash = hashAt((await this.meta()).pageHashes, index, this.indexURL, 'page');
    return this.load(`${this.folder}p/${hash}.json`, parsePage);
  }

  bytesLoaded(): number {
    return this.bytes;
  }

  requests(): string[] {
    return [...this.fetched];
  }

  private load<T>(url: string, parse: (json: unknown, url: string) => T): Promise<T> {
    let pending = this.cache.get(url) as Promise<T> | undefined;
    if (pending) return pending;
    this.fetched.push(url);
    pending = this.fetchJSON(url).then(
      ({ json, bytes }) => {
        this.bytes += bytes;
        return parse(json, url);
      },
      (err: unknown) => {
        if (err instanceof SearchIndexError) throw err;
        throw new SearchIndexError(url, err instanceof Error ? err.message : String(err), { cause: err });
      },
    );
    pending.catch(() => {
      if (this.cache.get(url) === pending) this.cache.delete(url);
    });
    this.cache.set(url, pending);
    return pending;
  }
}

/**
 * Fetches with `fetch`, only from the page's own origin: the contract
 * promises that nothing about a search leaves the site.
 */
export async function fetchSameOriginJSON(url: string): Promise<{ json: unknown; bytes: number }> {
  const resolved = new URL(url, window.location.href);
  if (resolved.origin !== window.location.origin) {
    throw new SearchIndexError(url, `refusing to fetch from another origin than ${window.location.origin}`);
  }
  const response = await fetch(resolved, { credentials: 'same-origin' });
  if (!response.ok) throw new SearchIndexError(url, `HTTP ${response.status}`);
  const body = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (err) {
    throw new SearchIndexError(url, 'the response is not JSON', { cause: err });
  }
  return { json, bytes: transferSize(response, body) };
}

// Content-Length is what crossed the network (compressed when the server
// compresses); without it, the body's UTF-8 length is the closest measure.
function transferSize(response: Response, body: string): number {
  const length = Number(response.headers.get('Content-Length'));
  return Number.isInteger(length) && length > 0 ? length : new TextEncoder().encode(body).length;
}

/** The hash of file `index` of `hashes`; an index outside them is an error, never a fetch of `undefined`. */
function hashAt(hashes: string[], index: number, url: string, kind: 'shard' | 'page'): string {
  if (!Number.isInteger(index) || index < 0 || index >= hashes.length) {
    throw new SearchIndexError(url, `no ${kind} ${index} (the index has ${hashes.length})`);
  }
  return hashes[index];
}

function parseMeta(json: unknown, url: string): IndexMeta {
  const meta = json as Partial<IndexMeta> | null;
  if (meta?.version !== 3) {
    throw new SearchIndexError(url, `unsupported index version ${JSON.stringify(meta?.version)} (expected 3)`);
  }
  const valid =
    typeof meta.pages === 'number' &&
    typeof meta.sections === 'number' &&
    isStringArray(meta.versions) &&
    Array.isArray(meta.pageVersions) &&
    meta.pageVersions.length === meta.pages &&
    isStringArray(meta.shards) &&
    meta.shards.length > 0 &&
    isHashArray(meta.shardHashes) &&
    meta.shardHashes.length === meta.shards.length &&
    isHashArray(meta.pageHashes) &&
    meta.pageHashes.length === meta.pages;
  if (!valid) {
    throw new SearchIndexError(
      url,
      'not an index meta file (pages, sections, versions, pageVersions, shards, shardHashes, pageHashes)',
    );
  }
  return meta as IndexMeta;
}

function parseShard(json: unknown, url: string): TermShard {
  const shard = json as Partial<TermShard> | null;
  const valid =
    isStringArray(shard?.terms) && Array.isArray(shard.postings) && shard.postings.length === shard.terms.length;
  if (!valid) throw new SearchIndexError(url, 'not a term shard (terms and postings of the same length)');
  return shard as TermShard;
}

function parsePage(json: unknown, url: string): PageFragment {
  const page = json as Partial<PageFragment> | null;
  const valid = typeof page?.url === 'string' && typeof page.title === 'string' && Array.isArray(page.sections);
  if (!valid) throw new SearchIndexError(url, 'not a page fragment (url, title, sections)');
  return page as PageFragment;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** File hashes: 10 lowercase hex digits each, the start of the SHA-256 of the file's bytes. */
function isHashArray(value: unknown): value is string[] {
  return isStringArray(value) && value.every((hash) => /^[0-9a-f]{10}$/.test(hash));
}
