// Term ordering and the ranges of the sorted term list a lookup may touch.
// The Go builder sorts terms byte-wise in UTF-8, which is code-point order
// (docs/search-index.md, "index.json"). JavaScript's `<` compares UTF-16 code
// units, which disagrees for characters above U+FFFF against U+E000–U+FFFF,
// so every comparison of terms goes through compareTerms.

/** Orders two terms by code point, as Go's byte-wise UTF-8 comparison does. */
export function compareTerms(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

// At the first differing code unit both strings are aligned on a code point
// (the units before are equal), so only surrogates against U+E000–U+FFFF need
// reordering: surrogates stand for code points above U+FFFF.
function codePointRank(unit: number): number {
  if (unit < 0xd800) return unit;
  return unit >= 0xe000 ? unit - 0x800 : unit + 0x2000;
}

/** The index of the first element of the sorted `terms` that is >= `term`. */
export function lowerBound(terms: readonly string[], term: string): number {
  let low = 0;
  let high = terms.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareTerms(terms[middle], term) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The position of `term` in the sorted `terms`, or -1. */
export function indexOfTerm(terms: readonly string[], term: string): number {
  const index = lowerBound(terms, term);
  return index < terms.length && terms[index] === term ? index : -1;
}

/**
 * The shard that holds `term`: shard i covers shardStarts[i] <= t < shardStarts[i+1].
 * Terms below the first start (only possible if the first start is not "") have no shard: -1.
 */
export function shardOf(shardStarts: readonly string[], term: string): number {
  const index = lowerBound(shardStarts, term);
  if (index < shardStarts.length && shardStarts[index] === term) return index;
  return index - 1;
}

/**
 * The shards that may hold a term from `from` (inclusive) up to every term
 * starting with `prefix`, in order. `from` must not sort after `prefix`.
 */
export function shardsSpanning(shardStarts: readonly string[], from: string, prefix: string): number[] {
  const first = Math.max(shardOf(shardStarts, from), 0);
  let last = first;
  // A later shard can hold such terms only if it starts below the prefix or inside its range.
  while (
    last + 1 < shardStarts.length &&
    (compareTerms(shardStarts[last + 1], prefix) < 0 || shardStarts[last + 1].startsWith(prefix))
  ) {
    last++;
  }
  const shards: number[] = [];
  for (let shard = first; shard <= last; shard++) shards.push(shard);
  return shards;
}
