// A page the query names comes first (docs/search-index.md, "Query", step
// 5): its title or sidebar label is the query, word for word (or stem for
// stem), whatever other pages score. A small index written as the Go builder
// writes it: weight = fields * 16 + tf, fields title 1, heading 2, body 4,
// code 8, camelCase part only 16, sidebar label 32, breadcrumb and slug 64.
import { describe, expect, it } from 'vitest';
import { createSearchEngine } from './index';

const TITLE = 1;
const HEADING = 2;
const BODY = 4;
const CODE = 8;
const PART_ONLY = 16;
const LABEL = 32;
const weight = (fields: number, tf = 1) => fields * 16 + tf;

const pages = [
  // 0: label "Registration", title "Register your app".
  { url: '/docs/getting-started/registration/', title: 'Register your app', sections: 1, names: [3, 1] },
  // 1: a guide about registering again, which says "registration" in its title and three headings.
  { url: '/docs/migration/', title: 'Registration changes in v2', sections: 4, names: [3, 0] },
  // 2: a resource whose title holds "service" only as a part of HealthcareService.
  { url: '/docs/resources/healthcareservice/', title: 'HealthcareService', sections: 1, names: [1, 0] },
  // 3: the page that holds the identifier service-date.
  { url: '/docs/resources/eob/', title: 'ExplanationOfBenefit', sections: 1, names: [1, 0] },
];

const shard = {
  terms: ['=service-date', 'date', 'healthcar', 'registr', 'servic'],
  postings: [
    [3, 0, weight(CODE)],
    [3, 0, weight(CODE)],
    [2, 0, weight(TITLE | PART_ONLY)],
    [0, 0, weight(LABEL), 1, 0, weight(TITLE), 1, 1, weight(HEADING | BODY, 5), 1, 2, weight(HEADING | BODY, 5), 1, 3, weight(HEADING | BODY, 5)],
    [2, 0, weight(TITLE | PART_ONLY), 3, 0, weight(CODE)],
  ],
};

// Made-up file hashes: the engine takes the names index.json gives without hashing what it fetches.
const shardHash = 'a000000000';
const pageHash = (page: number) => `b${String(page).padStart(9, '0')}`;

const files: Record<string, unknown> = {
  'index.json': {
    version: 3,
    pages: pages.length,
    sections: pages.reduce((n, p) => n + p.sections, 0),
    versions: [''],
    pageVersions: pages.map(() => 0),
    pageNameTokens: pages.map((p) => p.names),
    shards: [''],
    avgSectionLength: 10,
    shardHashes: [shardHash],
    pageHashes: pages.map((_, i) => pageHash(i)),
  },
  [`t/${shardHash}.json`]: shard,
  ...Object.fromEntries(
    pages.map((p, i) => [
      `p/${pageHash(i)}.json`,
      {
        url: p.url,
        title: p.title,
        version: '',
        sections: Array.from({ length: p.sections }, (_, s) => ({ anchor: s ? `s${s}` : '', heading: s ? 'Registration' : p.title, text: 'Registration', words: 1 })),
      },
    ]),
  ),
};

function engine() {
  return createSearchEngine('/search/index.json', async (url) => {
    const json = files[url.slice('/search/'.length)];
    if (json === undefined) throw new Error(`404 ${url}`);
    return { json, bytes: 1 };
  });
}

describe('a page the query names', () => {
  it('comes first when its sidebar label is the query, though another page scores more', async () => {
    const hits = await engine().search('registration');
    expect(hits.map((h) => h.url)).toEqual(['/docs/getting-started/registration/', '/docs/migration/']);
    expect(hits[1].score).toBeGreaterThan(hits[0].score);
  });

  it('does not include a title that holds only part of the query', async () => {
    // "service-date" is one token; HealthcareService holds "service" only, and only as a part.
    const hits = await engine().search('service-date');
    expect(hits[0].url).toBe('/docs/resources/eob/');
  });
});
