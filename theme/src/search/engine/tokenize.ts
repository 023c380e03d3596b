// The search tokenizer of docs/search-index.md ("Tokenizer"). The Go index
// builder implements the same rules; internal/search/testdata/tokenize.json
// holds the vectors both sides must reproduce, so any change here is a
// change to the index format.
import { stem } from 'porter2';

/** One term of the tokenizer's output: an identifier (kept whole) or a stemmed word. */
export interface Term {
  /** The term without the `=` that marks identifiers in the index (see storedTerm). */
  text: string;
  identifier: boolean;
}

/** A word of a raw token, with where it sits in the NFC form of the input (UTF-16 offsets, end exclusive). */
export interface TokenWord {
  start: number;
  end: number;
  /** The text lower-cased, before stemming: what a prefix query matches with. */
  lower: string;
  /** The stemmed word, or undefined when it is dropped (one character, or a stop word). */
  word: string | undefined;
}

/** A segment of a raw token (split at the special characters `_ $ . - : / | # %`). */
export interface TokenSegment extends TokenWord {
  /** Its camelCase parts when it has two or more; empty otherwise. */
  parts: TokenWord[];
}

/** A raw token with everything the tokenizer derives from it. */
export interface AnalysedToken {
  start: number;
  end: number;
  /** The lower-cased identifier (without `=`), when the token is one and not too long. */
  identifier: string | undefined;
  segments: TokenSegment[];
}

// Letters (L*) and decimal digits (Nd): Go's unicode.IsLetter and unicode.IsDigit.
const RAW_TOKEN = /[\p{L}\p{Nd}_$.\-:/|#%]+/gu;
const LETTER_OR_DIGIT = /[\p{L}\p{Nd}]/u;
/** The special characters: they make a token an identifier and split it into segments. */
const SPECIALS = '_$.-:/|#%';
const HAS_SPECIAL = /[_$.\-:/|#%]/;
/** The separators: the special characters trimmed from both ends of a raw token (not `_` and `$`). */
const SEPARATORS = '.-:/|#%';
const A_TO_Z = /^[a-z]+$/;
// camelCase boundaries need an upper-case letter after the first character.
const INNER_UPPER = /[\s\S]\p{Lu}/u;
const MAX_IDENTIFIER_LENGTH = 120;
const STOP_WORDS = new Set(
  'a an and are as at be by for from in is it of on or that the this to was with'.split(' '),
);

/** Splits text into terms: identifiers first, then each segment's word and its camelCase parts; duplicates removed. */
export function tokenize(input: string): Term[] {
  const terms: Term[] = [];
  const seen = new Set<string>();
  const add = (term: Term) => {
    const key = storedTerm(term);
    if (seen.has(key)) return;
    seen.add(key);
    terms.push(term);
  };
  for (const token of analyse(input)) {
    if (token.identifier !== undefined) add({ text: token.identifier, identifier: true });
    for (const segment of token.segments) {
      if (segment.word !== undefined) add({ text: segment.word, identifier: false });
      for (const part of segment.parts) {
        if (part.word !== undefined) add({ text: part.word, identifier: false });
      }
    }
  }
  return terms;
}

/** The term as the index stores it: identifiers carry a leading `=` so they never collide with words. */
export function storedTerm(term: Term): string {
  return term.identifier ? '=' + term.text : term.text;
}

/**
 * The raw tokens of the input, analysed into identifier, segments and
 * camelCase parts. Offsets are into `input.normalize('NFC')`: the index holds
 * NFC terms, so `cafe` + U+0301 must find `café`.
 */
export function analyse(input: string): AnalysedToken[] {
  const text = input.normalize('NFC');
  const tokens: AnalysedToken[] = [];
  for (const match of text.matchAll(RAW_TOKEN)) {
    let start = match.index;
    let end = start + match[0].length;
    if (HAS_SPECIAL.test(match[0])) {
      while (start < end && SEPARATORS.includes(text[start])) start++;
      while (end > start && SEPARATORS.includes(text[end - 1])) end--;
      // A run of special characters alone ("$", "...") is punctuation, not a token.
      if (!LETTER_OR_DIGIT.test(text.slice(start, end))) continue;
    }
    tokens.push(analyseToken(text, start, end));
  }
  return tokens;
}

function analyseToken(input: string, start: number, end: number): AnalysedToken {
  const text = input.slice(start, end);
  if (!HAS_SPECIAL.test(text)) {
    return { start, end, identifier: undefined, segments: [analyseSegment(input, start, end)] };
  }
  const lower = simpleLowerCase(text);
  const identifier = codePointLength(lower) <= MAX_IDENTIFIER_LENGTH ? lower : undefined;
  const segments: TokenSegment[] = [];
  let segmentStart = start;
  for (let i = start; i <= end; i++) {
    if (i < end && !SPECIALS.includes(input[i])) continue;
    if (i > segmentStart) segments.push(analyseSegment(input, segmentStart, i));
    segmentStart = i + 1;
  }
  return { start, end, identifier, segments };
}

function analyseSegment(input: string, start: number, end: number): TokenSegment {
  const lower = simpleLowerCase(input.slice(start, end));
  const segment: TokenSegment = { start, end, lower, word: wordOf(lower), parts: [] };
  const boundaries = camelCaseBoundaries(input, start, end);
  if (boundaries.length > 0) {
    const edges = [start, ...boundaries, end];
    for (let i = 0; i + 1 < edges.length; i++) {
      const part = simpleLowerCase(input.slice(edges[i], edges[i + 1]));
      segment.parts.push({ start: edges[i], end: edges[i + 1], lower: part, word: wordOf(part) });
    }
  }
  return segment;
}

/** The word term of a lower-cased segment or part; undefined when dropped. */
function wordOf(lower: string): string | undefined {
  let word = wordCache.get(lower);
  if (word === undefined) {
    const stemmed = A_TO_Z.test(lower) ? stem(lower) : lower;
    word = isDropped(stemmed) ? '' : stemmed;
    if (wordCache.size >= WORD_CACHE_SIZE) wordCache.clear();
    wordCache.set(lower, word);
  }
  return word === '' ? undefined : word;
}

// Excerpts tokenize up to 30 section texts per search, and prose repeats a
// few thousand words: remembering each word's term ("" when dropped) halves
// that work, as the Go builder's analyzer cache does. It memoizes a pure
// function, so nothing can observe it but the clock; the bound keeps a long
// session's memory flat.
const WORD_CACHE_SIZE = 20_000;
const wordCache = new Map<string, string>();

function isDropped(word: string): boolean {
  return codePointLength(word) <= 1 || STOP_WORDS.has(word);
}

/**
 * Offsets where a camelCase part begins: an upper-case letter after a
 * lower-case letter or digit (birth|Date), and the last capital of an
 * upper-case run that a lower-case letter follows (HTTP|Server).
 */
function camelCaseBoundaries(input: string, start: number, end: number): number[] {
  if (!INNER_UPPER.test(input.slice(start, end))) return [];
  const offsets: number[] = [];
  const chars: string[] = [];
  for (let i = start; i < end; ) {
    const char = String.fromCodePoint(input.codePointAt(i)!);
    offsets.push(i);
    chars.push(char);
    i += char.length;
  }
  const boundaries: number[] = [];
  for (let i = 1; i < chars.length; i++) {
    if (!isUpper(chars[i])) continue;
    const afterLowerOrDigit = isLower(chars[i - 1]) || isDigit(chars[i - 1]);
    const endsUpperRun = isUpper(chars[i - 1]) && i + 1 < chars.length && isLower(chars[i + 1]);
    if (afterLowerOrDigit || endsUpperRun) boundaries.push(offsets[i]);
  }
  return boundaries;
}

const UPPER = /^\p{Lu}$/u;
const LOWER = /^\p{Ll}$/u;
const DIGIT = /^\p{Nd}$/u;

function isUpper(char: string): boolean {
  return char >= 'A' && char <= 'Z' ? true : char < '\u0080' ? false : UPPER.test(char);
}

function isLower(char: string): boolean {
  return char >= 'a' && char <= 'z' ? true : char < '\u0080' ? false : LOWER.test(char);
}

function isDigit(char: string): boolean {
  return char >= '0' && char <= '9' ? true : char < '\u0080' ? false : DIGIT.test(char);
}

/**
 * Unicode simple lower-casing, one code point at a time, as Go's
 * strings.ToLower does. String.prototype.toLowerCase applies the full
 * mappings instead: a final Σ becomes ς and İ becomes i + U+0307, which
 * would give the two sides different terms.
 */
export function simpleLowerCase(text: string): string {
  if (/^\p{ASCII}*$/u.test(text)) return text.toLowerCase();
  let lower = '';
  for (const char of text) lower += char === '\u0130' ? 'i' : char.toLowerCase();
  return lower;
}

/** The number of Unicode code points (what the contract calls characters). */
export function codePointLength(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xdc00 || unit > 0xdfff) length++;
  }
  return length;
}
