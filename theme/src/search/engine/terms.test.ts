import { describe, expect, it } from 'vitest';
import { compareTerms, shardOf, shardsSpanning } from './terms';

describe('compareTerms', () => {
  it('orders by code point, as Go orders UTF-8 bytes, where UTF-16 order differs', () => {
    const terms = ['\u{1F600}x', '\uFFFDx', 'b', '=a', 'a', ''];
    expect([...terms].sort(compareTerms)).toEqual(['', '=a', 'a', 'b', '\uFFFDx', '\u{1F600}x']);
    // JavaScript's own comparison puts the surrogate pair of U+1F600 before U+FFFD.
    expect('\u{1F600}x' < '\uFFFDx').toBe(true);
  });

  it('puts a term before its extensions', () => {
    expect(compareTerms('observ', 'observation')).toBeLessThan(0);
    expect(compareTerms('observ', 'observ')).toBe(0);
  });
});

describe('shard ranges', () => {
  const starts = ['', 'b', 'co', 'cod', 'coe', 'd'];

  it('finds the shard whose range holds a term', () => {
    expect(shardOf(starts, '=$export')).toBe(0);
    expect(shardOf(starts, 'b')).toBe(1);
    expect(shardOf(starts, 'code')).toBe(3);
    expect(shardOf(starts, 'zebra')).toBe(5);
  });

  it('lists every shard a prefix range overlaps', () => {
    expect(shardsSpanning(starts, 'co', 'co')).toEqual([2, 3, 4]);
    expect(shardsSpanning(starts, 'cod', 'code')).toEqual([3]);
    expect(shardsSpanning(starts, 'ba', 'bab')).toEqual([1]);
  });
});
