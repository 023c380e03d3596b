import { describe, expect, it } from 'vitest';
import { shardsForLookup, withinOneEdit } from './candidates';

describe('withinOneEdit', () => {
  it.each([
    ['birth', 'birth'],
    ['birht', 'birth'], // transposition
    ['observt', 'observ'], // insertion
    ['paginaton', 'pagination'], // deletion
    ['authorisation', 'authorization'], // substitution
    ['名前x', '名前'],
    ['a\u{1F600}', 'a\u{1F601}'], // one character above U+FFFF, two UTF-16 units
  ])('%s and %s are at most one edit apart', (a, b) => {
    expect(withinOneEdit(a, b)).toBe(true);
    expect(withinOneEdit(b, a)).toBe(true);
  });

  it.each([
    ['birth', 'bxrtx'],
    ['observation', 'observ'],
    ['practicioner', 'practitionr'],
    ['abc', 'cab'],
  ])('%s and %s are further apart', (a, b) => {
    expect(withinOneEdit(a, b)).toBe(false);
  });
});

describe('shardsForLookup', () => {
  const starts = ['', 'ca', 'co', 'coa', 'cod', 'coe', 'cof', 'd'];

  it('loads at most 3 shards for a prefix, its exact word first', () => {
    expect(shardsForLookup({ exact: { term: 'cod', factor: 1 }, prefix: 'co' }, starts)).toEqual([4, 2, 3]);
  });

  it('loads the exact shard alone for a word that is not typed or misspelt', () => {
    expect(shardsForLookup({ exact: { term: 'cod', factor: 1 } }, starts)).toEqual([4]);
  });

  it('looks for typos in the shards nearest the word first', () => {
    const lookup = { exact: { term: 'coexist', factor: 1 }, typo: { forms: ['coexist'], word: 'coexist' } };
    expect(shardsForLookup(lookup, starts)).toEqual([5, 4, 6]);
  });
});
