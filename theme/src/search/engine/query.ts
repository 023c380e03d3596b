// A query as a small tree of term lookups (docs/search-index.md, "Query").
// Each raw token of the query is one query term: the sum over them, scaled by
// (matched / total)², prefers sections that match every token. Inside a
// token, alternatives compete (the best one counts): an identifier against
// its words, a camelCase segment against its parts. Words that belong
// together (the segments of an identifier, the parts of a camelCase word) are
// scored like a small query of their own, so `Patient.birthDate` finds prose
// about the birth date and prefers prose that names both.
import { analyse, codePointLength, type TokenSegment, type TokenWord } from './tokenize';

/** Match factors of the contract's step 3. */
export const FACTOR = { identifier: 3.0, exact: 1.0, prefix: 0.6, typo: 0.4 } as const;

const MIN_PREFIX_LENGTH = 2;
const MIN_TYPO_LENGTH = 5;

/** The index terms one leaf of the query looks for. */
export interface TermLookup {
  /** A stored term (`=…` for identifiers) and its factor; absent for a dropped word still typed as a prefix. */
  exact?: { term: string; factor: number };
  /** The lower-cased, unstemmed word being typed (last token only). */
  prefix?: string;
  /** What a misspelling of the word may match (words of 5 or more characters). */
  typo?: TypoForms;
}

/** The query word's forms that typo candidates are one edit from. */
export interface TypoForms {
  /** The stem and the lower-cased word (once when they are equal). */
  forms: string[];
  /** The lower-cased word, whose one-edit spellings' stems also count (see findCandidates). */
  word: string;
}

export type QueryNode =
  | { kind: 'lookup'; lookup: TermLookup }
  /** Sum of the children's scores, scaled by (matched / total)². */
  | { kind: 'all'; children: QueryNode[] }
  /** The best child's score. */
  | { kind: 'any'; children: QueryNode[] };

/** The query's tree, or undefined when nothing in it can be searched for. */
export function parseQuery(query: string): QueryNode | undefined {
  const tokens = analyse(query);
  return allOf(
    tokens.map((token, index) => {
      const typing = index === tokens.length - 1;
      const identifier: QueryNode | undefined =
        token.identifier === undefined
          ? undefined
          : { kind: 'lookup', lookup: { exact: { term: '=' + token.identifier, factor: FACTOR.identifier } } };
      const words = allOf(
        token.segments.map((segment, i) => segmentNode(segment, typing && i === token.segments.length - 1)),
      );
      return anyOf([identifier, words]);
    }),
  );
}

/** Every lookup of the tree, depth first. */
export function lookupsOf(node: QueryNode): TermLookup[] {
  return node.kind === 'lookup' ? [node.lookup] : node.children.flatMap(lookupsOf);
}

function segmentNode(segment: TokenSegment, typing: boolean): QueryNode | undefined {
  const parts = allOf(segment.parts.map((part, i) => wordNode(part, typing && i === segment.parts.length - 1)));
  return anyOf([wordNode(segment, typing), parts]);
}

function wordNode(word: TokenWord, typing: boolean): QueryNode | undefined {
  const length = codePointLength(word.lower);
  const lookup: TermLookup = {};
  if (word.word !== undefined) lookup.exact = { term: word.word, factor: FACTOR.exact };
  if (typing && length >= MIN_PREFIX_LENGTH) lookup.prefix = word.lower;
  if (word.word !== undefined && length >= MIN_TYPO_LENGTH) {
    lookup.typo = { forms: word.word === word.lower ? [word.word] : [word.word, word.lower], word: word.lower };
  }
  return lookup.exact || lookup.prefix ? { kind: 'lookup', lookup } : undefined;
}

function allOf(nodes: (QueryNode | undefined)[]): QueryNode | undefined {
  return combine('all', nodes);
}

function anyOf(nodes: (QueryNode | undefined)[]): QueryNode | undefined {
  return combine('any', nodes);
}

function combine(kind: 'all' | 'any', nodes: (QueryNode | undefined)[]): QueryNode | undefined {
  const children = nodes.filter((node): node is QueryNode => node !== undefined);
  if (children.length <= 1) return children[0];
  return { kind, children };
}
