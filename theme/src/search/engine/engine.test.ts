// What a reader of the search box notices, over the fixture index in
// testdata/index (its README says what each page is for).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IndexFiles, SearchIndexError, type IndexMeta } from './files';
import { createSearchEngine, type SearchHit } from './index';

const INDEX_URL = '/search/index.json';

const FILES = import.meta.glob('./testdata/index/**/*.json', {
  eager: true,
  query: '?raw',
  import: 'default',
}) as Record<string, string>;

/** The fixture's index.json, which names every other file by its hash. */
const FIXTURE_META = JSON.parse(FILES['./testdata/index/index.json']) as IndexMeta;
const shardURL = (shard: number) => `/search/t/${FIXTURE_META.shardHashes[shard]}.json`;
const pageURL = (page: number) => `/search/p/${FIXTURE_META.pageHashes[page]}.json`;

function fileBytes(url: string): number {
  return new TextEncoder().encode(FILES[fixturePath(url)]).length;
}

function fixturePath(url: string): string {
  return './testdata/index/' + url.slice('/search/'.length);
}

/** Serves the fixture as a static host would; counts calls per URL. */
function fixtureServer() {
  const calls: string[] = [];
  const fetchJSON = async (url: string) => {
    calls.push(url);
    const body = FILES[fixturePath(url)];
    if (body === undefined) throw new Error(`404 ${url}`);
    return { json: JSON.parse(body) as unknown, bytes: new TextEncoder().encode(body).length };
  };
  return { calls, fetchJSON };
}

function engine() {
  return createSearchEngine(INDEX_URL, fixtureServer().fetchJSON);
}

const urls = (hits: SearchHit[]) => hits.map((hit) => hit.url);

describe('ranking', () => {
  it('ranks a title match above a heading match above a body match', async () => {
    const hits = await engine().search('consent');
    expect(urls(hits)).toEqual(['/docs/consent/', '/docs/privacy/', '/docs/sharing/']);
    expect(hits[1].sections[0]).toMatchObject({ anchor: 'consent', heading: 'Consent' });
  });

  it.each([
    ['$export', '/docs/bulk-data/', 'kick-off'],
    ['_include', '/docs/bulk-data/', 'related-resources'],
    ['Patient.birthdate', '/docs/patient/', 'search-parameters'],
    ['Patient.birthDate', '/docs/patient/', 'search-parameters'],
  ])('puts the page with the exact identifier %s first, at its section', async (query, url, anchor) => {
    const [first] = await engine().search(query);
    expect(first.url).toBe(url);
    expect(first.sections[0].anchor).toBe(anchor);
  });

  it('still finds prose with the words of an identifier', async () => {
    const hits = await engine().search('$export');
    expect(urls(hits)).toContain('/docs/formats/');
  });

  it('prefers a page with every query word over one repeating a single word', async () => {
    const hits = await engine().search('simple measurements');
    expect(urls(hits).slice(0, 2)).toEqual(['/docs/observation/', '/docs/units/']);
  });

});

describe('words being typed and misspelt', () => {
  it('completes the last word as a prefix', async () => {
    expect(urls(await engine().search('obser'))[0]).toBe('/docs/observation/');
    // Past the stem: "observat" is on its way to "observation", indexed as "observ".
    expect(urls(await engine().search('observat'))[0]).toBe('/docs/observation/');
  });

  it('does not complete words before the last one', async () => {
    const hits = await engine().search('obse consent');
    expect(hits.map((hit) => hit.title)).not.toContain('Observation');
    expect(urls(hits)[0]).toBe('/docs/consent/');
  });

  it('forgives one typo in words of five letters or more', async () => {
    expect(urls(await engine().search('observtion'))[0]).toBe('/docs/observation/');
    expect(urls(await engine().search('birht'))[0]).toBe('/docs/patient/');
  });

  it('forgives a typo in a suffix that stemming removes', async () => {
    // The index holds the stem "observ"; "observaton" stems to itself, 4 edits away.
    expect(urls(await engine().search('observaton'))[0]).toBe('/docs/observation/');
  });

  it('forgives no typo in shorter words', async () => {
    // "daet" is one transposition from "date", as "birht" is from "birth".
    expect(await engine().search('daet')).toEqual([]);
  });

  it('ranks an exact match above a typo match', async () => {
    const [exact] = await engine().search('observation');
    const [typo] = await engine().search('observtion');
    expect(exact.score).toBeGreaterThan(typo.score);
  });
});

describe('results', () => {
  it('counts every matching page, past the limit of those it returns', async () => {
    const { hits, total } = await engine().results('observation', { limit: 1 });
    expect(urls(hits)).toEqual(['/docs/observation/']);
    expect(total).toBe(2);
    expect(await engine().results('daet')).toEqual({ hits: [], total: 0 });
  });
});

describe('docs versions', () => {
  it('searches the last released version and pages outside the docs by default', async () => {
    expect(urls(await engine().search('observation'))).toEqual(['/docs/observation/', '/blog/observation-release/']);
  });

  it.each([
    ['1.0', '/docs/1.0/observation/'],
    ['current', '/docs/next/observation/'],
  ])('searches only version %s, plus pages outside the docs, for a reader on it', async (version, url) => {
    expect(urls(await engine().search('observation', { version }))).toEqual([url, '/blog/observation-release/']);
  });
});

describe('results', () => {
  it('shows at most 3 sections per page, best first, as deep-link anchors', async () => {
    const [faq] = await engine().search('token');
    const anchors = faq.sections.map((section) => section.anchor);
    expect(anchors).toEqual(['refresh-tokens', 'access-tokens', 'token-lifetime']);
  });

  it('gives section 0 the anchor "" and the page title as heading', async () => {
    const [consent] = await engine().search('consent');
    expect(consent.sections[0]).toMatchObject({ anchor: '', heading: 'Consent' });
  });

  it('marks matches in the excerpt and escapes the page text', async () => {
    const [security] = await engine().search('paste');
    expect(security.sections[0].excerptHTML).toBe(
      'Never <mark>paste</mark> &lt;script&gt;alert(&#39;hi&#39;)&lt;/script&gt; ' +
        'into a note &amp; expect it to be safe.',
    );
  });

  it('marks every form of the matched words', async () => {
    const [patient] = await engine().search('birth date');
    const birthDate = patient.sections.find((section) => section.anchor === 'birth-date')!;
    expect(birthDate.excerptHTML).toBe(
      'The <mark>birth</mark> <mark>date</mark> is stored as a <mark>date</mark> without a time.',
    );
  });

  it('returns at most `limit` pages, 10 by default', async () => {
    // Matches each of the 11 pages of version 2.0 and outside the docs.
    const query = 'consent records data patient observation export security token units';
    expect(await engine().search(query)).toHaveLength(10);
    expect(await engine().search(query, { limit: 3 })).toHaveLength(3);
  });

  it('returns nothing, and fetches nothing, for a query without words', async () => {
    const search = engine();
    expect(await search.search('  ... ')).toEqual([]);
    expect(search.requests()).toEqual([]);
  });
});

describe('loading', () => {
  it('fetches index.json, then only the shards the query needs, then the fragments of the results shown', async () => {
    const search = engine();
    await search.search('observation');
    expect(search.requests()).toEqual([INDEX_URL, shardURL(6), pageURL(5), pageURL(11)]);
  });

  it('loads the identifier shard and the word shard for an identifier', async () => {
    const search = engine();
    await search.search('$export');
    const shards = search.requests().filter((url) => url.includes('/t/'));
    expect(shards).toEqual([shardURL(0), shardURL(3)]);
  });

  it('fetches every file once per engine, also for overlapping searches', async () => {
    const server = fixtureServer();
    const search = createSearchEngine(INDEX_URL, server.fetchJSON);
    await Promise.all([search.search('consent'), search.search('consent privacy'), search.search('consent')]);
    await search.search('consent');
    expect(new Set(server.calls).size).toBe(server.calls.length);
    expect(search.requests()).toEqual(server.calls);
  });

  it('counts the bytes of every file fetched', async () => {
    const search = engine();
    expect(search.bytesLoaded()).toBe(0);
    await search.search('observation');
    const total = search.requests().reduce((sum, url) => sum + fileBytes(url), 0);
    expect(search.bytesLoaded()).toBe(total);
    expect(total).toBeGreaterThan(0);
  });

  it('retries a file whose fetch failed', async () => {
    const server = fixtureServer();
    let failures = 1;
    const search = createSearchEngine(INDEX_URL, async (url) => {
      if (failures-- > 0) throw new Error('network down');
      return server.fetchJSON(url);
    });
    await expect(search.search('consent')).rejects.toThrow(`Search index ${INDEX_URL}: network down`);
    expect(urls(await search.search('consent'))[0]).toBe('/docs/consent/');
  });

  it('rejects an index of another format version', async () => {
    // Version 2 named one hashed folder (`files`) instead of a hash per file.
    const v2: Record<string, unknown> = { ...FIXTURE_META, version: 2, files: '0a1b2c3d4e/' };
    delete v2.shardHashes;
    delete v2.pageHashes;
    const search = createSearchEngine(INDEX_URL, async () => ({ json: v2, bytes: 13 }));
    await expect(search.search('consent')).rejects.toThrow('unsupported index version 2 (expected 3)');
  });

  it.each([
    ['shardHashes shorter than shards', { shardHashes: FIXTURE_META.shardHashes.slice(1) }],
    ['pageHashes longer than pages', { pageHashes: [...FIXTURE_META.pageHashes, '0123456789'] }],
    ['no shardHashes', { shardHashes: undefined }],
    ['a hash of 9 hex digits', { shardHashes: ['012345678', ...FIXTURE_META.shardHashes.slice(1)] }],
    ['a hash in upper case', { pageHashes: ['ABCDEF0123', ...FIXTURE_META.pageHashes.slice(1)] }],
    ['a hash that is a path', { pageHashes: ['../../x/01', ...FIXTURE_META.pageHashes.slice(1)] }],
  ])('rejects an index meta file with %s', async (_, change) => {
    const server = fixtureServer();
    const search = createSearchEngine(INDEX_URL, async (url) =>
      url === INDEX_URL ? { json: { ...FIXTURE_META, ...change }, bytes: 1 } : server.fetchJSON(url),
    );
    await expect(search.search('consent')).rejects.toThrow(
      `Search index ${INDEX_URL}: not an index meta file (pages, sections, versions, pageVersions, shards, shardHashes, pageHashes)`,
    );
    expect(search.requests()).toEqual([INDEX_URL]);
  });

  it.each([
    ['shard', FIXTURE_META.shards.length],
    ['shard', -1],
    ['page', FIXTURE_META.pages],
  ] as const)('rejects %s %i, outside the index, fetching nothing for it', async (kind, number) => {
    const server = fixtureServer();
    const files = new IndexFiles(INDEX_URL, server.fetchJSON);
    const loading = kind === 'shard' ? files.shard(number) : files.page(number);
    await expect(loading).rejects.toBeInstanceOf(SearchIndexError);
    await expect(loading).rejects.toThrow(`Search index ${INDEX_URL}: no ${kind} ${number}`);
    expect(server.calls).toEqual([INDEX_URL]);
  });
});

describe('the fixture index', () => {
  const hex = (digest: ArrayBuffer) => [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');

  it('names every shard and fragment by the first 10 hex digits of its SHA-256', async () => {
    // After editing a file, rename it to its new hash (testdata/README.md) and update index.json.
    const named = Object.keys(FILES).filter((path) => path !== './testdata/index/index.json');
    expect(named.length).toBeGreaterThan(0);
    for (const path of named) {
      const match = /^\.\/testdata\/index\/[tp]\/([0-9a-f]{10})\.json$/.exec(path);
      expect(match, `${path} is not t/{hash}.json or p/{hash}.json`).not.toBeNull();
      // The raw import is the file's text; the fixture is UTF-8, so encoding it gives back its bytes.
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(FILES[path]));
      expect(hex(digest).slice(0, 10), `the SHA-256 of ${path}`).toBe(match![1]);
    }
  });

  it('lists in index.json exactly the files there are', () => {
    const listed = [...FIXTURE_META.shardHashes.map((_, i) => shardURL(i)), ...FIXTURE_META.pageHashes.map((_, p) => pageURL(p))];
    const present = Object.keys(FILES)
      .filter((path) => path !== './testdata/index/index.json')
      .map((path) => '/search/' + path.slice('./testdata/index/'.length));
    expect(new Set(listed)).toEqual(new Set(present));
    expect(FIXTURE_META.shardHashes).toHaveLength(FIXTURE_META.shards.length);
    expect(FIXTURE_META.pageHashes).toHaveLength(FIXTURE_META.pages);
  });
});

describe('default fetch', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('refuses an index on another origin', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const search = createSearchEngine('https://elsewhere.example/search/index.json');
    await expect(search.search('consent')).rejects.toThrow(/another origin/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fetches same-origin files and counts their Content-Length', async () => {
    const fetch = vi.fn(async (url: URL) => {
      const body = FILES[fixturePath(url.pathname)];
      return new Response(body, { headers: { 'Content-Length': '100' } });
    });
    vi.stubGlobal('fetch', fetch);
    const search = createSearchEngine(INDEX_URL);
    expect(urls(await search.search('consent'))[0]).toBe('/docs/consent/');
    expect(fetch.mock.calls[0][0].href).toBe(window.location.origin + INDEX_URL);
    expect(search.bytesLoaded()).toBe(100 * search.requests().length);
  });
});
