// Section and page scores (docs/search-index.md, "Query", steps 4 and 5).
import type { Candidate } from './candidates';
import type { TermShard } from './files';
import { FACTOR, type QueryNode, type TermLookup } from './query';

// A posting's weight is fields * 16 + min(tf, 15); both halves index a table.
const TITLE = 1;
const PART_ONLY = 16;
const LABEL = 32;
const PATH = 64;
/**
 * Fields → the base of the highest among them: title (1) and sidebar label
 * (32) 8, breadcrumb and URL slug (64) 6, heading (2) 4, body (4) 1, code
 * only (8) 0.75; halved when the term occurs only as a camelCase part (16),
 * so "Practitioner" outranks "PractitionerRole".
 */
const FIELD_BASE = Array.from({ length: 128 }, (_, fields) => {
  const base = fields & (TITLE | LABEL) ? 8 : fields & PATH ? 6 : fields & 2 ? 4 : fields & 4 ? 1 : 0.75;
  return fields & PART_ONLY ? base / 2 : base;
});
/**
 * tf → ln tf, added to the field base rather than multiplied with it: a
 * word repeated in a section's code must not outweigh the same word in a
 * title or heading.
 */
const TF_BONUS = Array.from({ length: 16 }, (_, tf) => Math.log(Math.max(tf, 1)));


/** A page's best section for all query terms together adds this much of its score. */
const TOGETHER_WEIGHT = 0.5;

/** Sections after a page's best count for this much of their score. */
const OTHER_SECTIONS_WEIGHT = 0.25;

/**
 * Section key → score, the key being page * sections + section: the index's
 * total number of sections is a stride no section number reaches, and keeps
 * keys small integers, which Maps handle fastest.
 */
export type SectionScores = Map<number, number>;

/** The index's size, from index.json. */
export interface IndexSize {
  pages: number;
  sections: number;
}

export interface ScoringInput extends IndexSize {
  shards: ReadonlyMap<number, TermShard>;
  candidates: ReadonlyMap<TermLookup, Candidate[]>;
  /** For each page, 1 when it may appear in the results (its docs version). */
  includedPages: Uint8Array;
  /** Filled while scoring: pages, and section keys, holding an exact identifier of the query. */
  identifierPages?: Set<number>;
  identifierSections?: Set<number>;
  /** For each page, the factor its score is scaled by (index.json pageWeights). */
  pageWeights?: readonly number[];
  /** For each page, the token counts of its title and sidebar label (index.json pageNameTokens). */
  pageNameTokens?: readonly (readonly number[])[];
  /**
   * Filled while scoring: for each lookup, the pages whose title, and whose
   * sidebar label, hold its term on its own (exactly, or its stem).
   */
  nameHits?: Map<TermLookup, NameHits>;
}

/** Pages whose title, and whose sidebar label, hold a lookup's term. */
interface NameHits {
  title: Set<number>;
  label: Set<number>;
}

/** A page of the results with its matching sections, best first. */
export interface RankedPage {
  page: number;
  score: number;
  sections: { section: number; score: number }[];
}

/** Scores every section that the query tree matches. */
export function scoreSections(node: QueryNode, input: ScoringInput): SectionScores {
  switch (node.kind) {
    case 'lookup':
      return scoreLookup(node.lookup, input.candidates.get(node.lookup) ?? [], input);
    case 'any':
      return bestOf(node.children.map((child) => scoreSections(child, input)));
    case 'all':
      return sumOf(node.children.map((child) => scoreSections(child, input)));
  }
}

/**
 * The best `limit` pages for a query tree. A page is scored as a whole, so
 * a title that names the resource and a table that lists the parameter
 * count together even in different sections: per query term, its best
 * section plus a quarter of its second best, summed over terms and scaled
 * by (terms matched on the page / terms)². Pages whose title or sidebar
 * label is the query (its every term, and nothing more) come first, then
 * pages holding an exact identifier of the query, then the rest by score.
 * Sections are listed, best first, by their own combined score.
 */
/** The best `limit` pages, best first, and how many pages match in all. */
export function rankQuery(tree: QueryNode, input: ScoringInput, limit: number): { pages: RankedPage[]; total: number } {
  const terms = tree.kind === 'all' ? tree.children : [tree];
  const identifierPages = new Set<number>();
  const identifierSections = new Set<number>();
  const nameHits = new Map<TermLookup, NameHits>();
  const scoring = { ...input, identifierPages, identifierSections, nameHits };
  const perTerm = terms.map((term) => scoreSections(term, scoring));
  const stride = input.sections;
  const pageScores = new Map<number, number>();
  const pageTerms = new Map<number, number>();
  for (const scores of perTerm) {
    const best = new Map<number, number>();
    const second = new Map<number, number>();
    for (const [key, score] of scores) {
      const page = Math.floor(key / stride);
      const b = best.get(page) ?? 0;
      if (score > b) {
        second.set(page, b);
        best.set(page, score);
      } else if (score > (second.get(page) ?? 0)) second.set(page, score);
    }
    for (const [page, b] of best) {
      pageScores.set(page, (pageScores.get(page) ?? 0) + b + OTHER_SECTIONS_WEIGHT * (second.get(page) ?? 0));
      pageTerms.set(page, (pageTerms.get(page) ?? 0) + 1);
    }
  }
  // A section that matches the query terms together ("Patient access" as a
  // heading) says more than the same terms scattered over the page.
  const sectionScores = terms.length === 1 ? perTerm[0] : sumOf(perTerm);
  const bestTogether = new Map<number, number>();
  if (terms.length > 1) {
    for (const [key, score] of sectionScores) {
      const page = Math.floor(key / stride);
      if (score > (bestTogether.get(page) ?? 0)) bestTogether.set(page, score);
    }
  }
  const ranked: RankedPage[] = [...pageScores].map(([page, score]) => ({
    page,
    score:
      (score * ((pageTerms.get(page) ?? 0) / terms.length) ** 2 + TOGETHER_WEIGHT * (bestTogether.get(page) ?? 0)) *
      (input.pageWeights?.[page] ?? 1),
    sections: [],
  }));
  const names = input.pageNameTokens;
  const titled = terms.map((term) => namedBy(term, nameHits, 'title'));
  const labelled = terms.map((term) => namedBy(term, nameHits, 'label'));
  const isNamed = (page: number) =>
    names?.[page] !== undefined &&
    ((names[page][0] === terms.length && titled.every((pages) => pages.has(page))) ||
      (names[page][1] === terms.length && labelled.every((pages) => pages.has(page))));
  const tier = (page: number) => (isNamed(page) ? 2 : identifierPages.has(page) ? 1 : 0);
  ranked.sort((a, b) => tier(b.page) - tier(a.page) || b.score - a.score || a.page - b.page);
  const top = new Map(ranked.slice(0, limit).map((page) => [page.page, page]));
  for (const [key, score] of sectionScores) top.get(Math.floor(key / stride))?.sections.push({ section: key % stride, score });
  const sectionTier = (page: number, section: number) => (identifierSections.has(page * stride + section) ? 1 : 0);
  for (const page of top.values()) {
    page.sections.sort(
      (a, b) => sectionTier(page.page, b.section) - sectionTier(page.page, a.section) || b.score - a.score || a.section - b.section,
    );
  }
  return { pages: [...top.values()], total: ranked.length };
}

/**
 * The pages whose title (or label) holds a query term as a whole: every word
 * of an identifier's or a camelCase word's parts (all), or any alternative
 * reading of the token (any).
 */
function namedBy(node: QueryNode, hits: ReadonlyMap<TermLookup, NameHits>, name: keyof NameHits): Set<number> {
  switch (node.kind) {
    case 'lookup':
      return hits.get(node.lookup)?.[name] ?? new Set();
    case 'any':
      return new Set(node.children.flatMap((child) => [...namedBy(child, hits, name)]));
    case 'all': {
      const [first, ...rest] = node.children.map((child) => namedBy(child, hits, name));
      return new Set([...first].filter((page) => rest.every((pages) => pages.has(page))));
    }
  }
}

// One query term in one section: the best candidate's
// factor × (fieldBase + ln tf) × idf.
function scoreLookup(lookup: TermLookup, candidates: Candidate[], input: ScoringInput): SectionScores {
  const scores: SectionScores = new Map();
  for (const candidate of candidates) {
    const postings = input.shards.get(candidate.shard)!.postings[candidate.index];
    const idf = Math.log(1 + input.pages / pageCount(postings));
    const termScore = candidate.factor * idf;
    const exactIdentifier = candidate.term.startsWith('=') && candidate.factor >= FACTOR.identifier;
    for (let i = 0; i + 2 < postings.length; i += 3) {
      const page = postings[i];
      if (input.includedPages[page] !== 1) continue;
      if (exactIdentifier) {
        input.identifierPages?.add(page);
        input.identifierSections?.add(page * input.sections + postings[i + 1]);
      }
      const weight = postings[i + 2];
      const fields = (weight >> 4) & 127;
      if (postings[i + 1] === 0 && candidate.factor >= FACTOR.exact && !(fields & PART_ONLY) && input.nameHits) {
        let hits = input.nameHits.get(lookup);
        if (!hits) input.nameHits.set(lookup, (hits = { title: new Set(), label: new Set() }));
        if (fields & TITLE) hits.title.add(page);
        if (fields & LABEL) hits.label.add(page);
      }
      const score = termScore * (FIELD_BASE[fields] + TF_BONUS[weight & 15]);
      const key = page * input.sections + postings[i + 1];
      const known = scores.get(key);
      if (known === undefined || score > known) scores.set(key, score);
    }
  }
  return scores;
}

// Postings are sorted by page, so each new page starts a run.
function pageCount(postings: number[]): number {
  let count = 0;
  for (let i = 0; i < postings.length; i += 3) if (i === 0 || postings[i] !== postings[i - 3]) count++;
  return Math.max(count, 1);
}

function bestOf(children: SectionScores[]): SectionScores {
  const best: SectionScores = new Map();
  for (const scores of children) {
    for (const [key, score] of scores) if (score > (best.get(key) ?? 0)) best.set(key, score);
  }
  return best;
}

// A section matching only some of the terms is scaled by (matched / total)².
function sumOf(children: SectionScores[]): SectionScores {
  const sums = new Map<number, { score: number; matched: number }>();
  for (const scores of children) {
    for (const [key, score] of scores) {
      const sum = sums.get(key) ?? { score: 0, matched: 0 };
      sum.score += score;
      sum.matched++;
      sums.set(key, sum);
    }
  }
  const total = children.length;
  const scaled: SectionScores = new Map();
  for (const [key, { score, matched }] of sums) scaled.set(key, score * (matched / total) ** 2);
  return scaled;
}
