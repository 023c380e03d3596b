// Which shards a lookup needs, and which of their terms it matches with what
// factor (docs/search-index.md, "Query", steps 2 and 3). Prefix and typo
// candidates come only from the lookup's own shards, never from whatever
// else happens to be loaded, so a query's results do not depend on the
// queries typed before it.
import { stem } from 'porter2';
import type { TermShard } from './files';
import { FACTOR, type TermLookup } from './query';
import { indexOfTerm, lowerBound, shardOf, shardsSpanning } from './terms';

/** The contract's cap on the shards one query term may load for its prefix and typo ranges. */
const MAX_SHARDS_PER_LOOKUP = 3;

/** Prefix queries also match word terms of at least this many characters that the prefix starts with… */
const MIN_SHORTER_TERM_LENGTH = 4;
/** …and that are at most this many characters shorter than it (`observat` finds `observ`). */
const MAX_SHORTER_BY = 3;

/** A term of a loaded shard that a lookup matches. */
export interface Candidate {
  term: string;
  shard: number;
  index: number;
  factor: number;
}

/**
 * The shards a lookup reads: its exact term's shard first, then its prefix
 * range, then its typo range nearest first, at most 3 in all.
 */
export function shardsForLookup(lookup: TermLookup, shardStarts: readonly string[]): number[] {
  const shards: number[] = [];
  const add = (shard: number) => {
    if (shard >= 0 && !shards.includes(shard)) shards.push(shard);
  };
  if (lookup.exact) add(shardOf(shardStarts, lookup.exact.term));
  const budget = Math.max(shards.length, MAX_SHARDS_PER_LOOKUP);
  const ranged: number[] = [];
  if (lookup.prefix !== undefined) {
    ranged.push(...shardsSpanning(shardStarts, shortestPrefixMatch(lookup.prefix), lookup.prefix));
  }
  for (const form of lookup.typo?.forms ?? []) ranged.push(...typoShards(shardStarts, form));
  for (const shard of ranged) if (shards.length < budget) add(shard);
  return shards;
}

/** The terms of `shards` (loaded, keyed by number) that the lookup matches, best factor per term. */
export function findCandidates(
  lookup: TermLookup,
  shardStarts: readonly string[],
  shardNumbers: readonly number[],
  shards: ReadonlyMap<number, TermShard>,
): Candidate[] {
  const found = new Map<string, Candidate>();
  const offer = (shard: number, index: number, factor: number) => {
    const term = shards.get(shard)!.terms[index];
    const known = found.get(term);
    if (!known || known.factor < factor) found.set(term, { term, shard, index, factor });
  };
  const lookUp = (term: string, factor: number) => {
    const shard = shardOf(shardStarts, term);
    if (!shardNumbers.includes(shard)) return;
    const index = indexOfTerm(shards.get(shard)!.terms, term);
    if (index >= 0) offer(shard, index, factor);
  };

  if (lookup.exact) lookUp(lookup.exact.term, lookup.exact.factor);
  const exactFound = found.size > 0;
  if (lookup.prefix !== undefined) {
    const prefix = lookup.prefix;
    for (const shard of shardNumbers) {
      forEachTermStartingWith(shards.get(shard)!.terms, prefix, (index) => offer(shard, index, FACTOR.prefix));
    }
    for (const shorter of shorterTermsMatching(prefix)) lookUp(shorter, FACTOR.prefix);
  }
  if (lookup.typo) {
    const { forms, word } = lookup.typo;
    // The index holds stems, so a misspelt suffix ("paginaton", whose stem is
    // itself) is 4 edits from the stem of the word meant ("pagin"): a word the
    // index lacks also matches the stems of its one-edit spellings.
    const stems = exactFound ? NO_STEMS : stemsOfOneEditSpellings(word);
    for (const start of new Set(forms.map((form) => firstCodePoints(form, 2)))) {
      for (const shard of shardNumbers) {
        const terms = shards.get(shard)!.terms;
        forEachTermStartingWith(terms, start, (index) => {
          const term = terms[index];
          if (stems.has(term) || forms.some((form) => withinOneEdit(term, form))) offer(shard, index, FACTOR.typo);
        });
      }
    }
  }
  return [...found.values()];
}

const NO_STEMS: ReadonlySet<string> = new Set();
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';

/**
 * The stems of every spelling one edit away from an a–z word (deletion,
 * transposition, substitution or insertion of a–z), leaving its first two
 * letters alone as the contract's typo rule does. About 55 spellings per
 * letter, each stemmed in well under a microsecond.
 */
export function stemsOfOneEditSpellings(word: string): Set<string> {
  const stems = new Set<string>();
  if (!/^[a-z]+$/.test(word)) return stems;
  const add = (spelling: string) => stems.add(stem(spelling));
  for (let i = 2; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail.length > 0) add(head + tail.slice(1));
    if (tail.length > 1) add(head + tail[1] + tail[0] + tail.slice(2));
    for (const letter of ALPHABET) {
      add(head + letter + tail);
      if (tail.length > 0) add(head + letter + tail.slice(1));
    }
  }
  return stems;
}

/**
 * Whether the Damerau–Levenshtein distance (optimal string alignment) between
 * a and b, counted in characters (code points), is at most 1: equal, or one
 * insertion, deletion, substitution or transposition of adjacent characters apart.
 */
export function withinOneEdit(a: string, b: string): boolean {
  // UTF-16 units are characters unless a surrogate pair is involved.
  return SURROGATE.test(a) || SURROGATE.test(b) ? oneEditApart([...a], [...b]) : oneEditApart(a, b);
}

const SURROGATE = /[\ud800-\udfff]/;

function oneEditApart(a: ArrayLike<string>, b: ArrayLike<string>): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (i === a.length) return true;
    if (sameFrom(a, i + 1, b, i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && sameFrom(a, i + 2, b, i + 2);
  }
  return a.length > b.length ? sameFrom(a, i + 1, b, i) : sameFrom(a, i, b, i + 1);
}

function sameFrom(a: ArrayLike<string>, aStart: number, b: ArrayLike<string>, bStart: number): boolean {
  if (a.length - aStart !== b.length - bStart) return false;
  for (let i = 0; aStart + i < a.length; i++) if (a[aStart + i] !== b[bStart + i]) return false;
  return true;
}

function forEachTermStartingWith(terms: readonly string[], prefix: string, visit: (index: number) => void): void {
  for (let index = lowerBound(terms, prefix); index < terms.length && terms[index].startsWith(prefix); index++) {
    visit(index);
  }
}

// The words a prefix may stand for that are shorter than it: `observat` is
// on its way to `observation`, whose stem `observ` the index holds.
function shorterTermsMatching(prefix: string): string[] {
  const chars = [...prefix];
  const terms: string[] = [];
  for (let length = Math.max(MIN_SHORTER_TERM_LENGTH, chars.length - MAX_SHORTER_BY); length < chars.length; length++) {
    terms.push(chars.slice(0, length).join(''));
  }
  return terms;
}

function shortestPrefixMatch(prefix: string): string {
  return shorterTermsMatching(prefix)[0] ?? prefix;
}

// Typo candidates share their first two characters with the query word; of
// that range, the shards nearest the word's own are the likeliest to hold a
// one-edit neighbour.
function typoShards(shardStarts: readonly string[], form: string): number[] {
  const start = firstCodePoints(form, 2);
  const home = shardOf(shardStarts, form);
  return shardsSpanning(shardStarts, start, start).sort(
    (a, b) => Math.abs(a - home) - Math.abs(b - home) || a - b,
  );
}

function firstCodePoints(text: string, count: number): string {
  return [...text].slice(0, count).join('');
}
