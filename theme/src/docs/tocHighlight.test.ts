import { describe, expect, it } from 'vitest';
import { activeAnchor, anchorSelector, tocLevels, type AnchorBox } from './tocHighlight';
import { fixtureTOC } from './testFixtures';

const box = (id: string, top: number, height = 30): AnchorBox => ({ id, top, bottom: top + height });

describe('activeAnchor', () => {
  const offset = 60;
  const viewport = 800;

  it('picks the first heading below the navbar when it is in the top half of the viewport', () => {
    expect(activeAnchor([box('a', -500), box('b', 100), box('c', 900)], offset, viewport)).toBe('b');
  });

  it('picks the heading before it when the next one is in the bottom half', () => {
    expect(activeAnchor([box('a', -500), box('b', 500), box('c', 900)], offset, viewport)).toBe('a');
  });

  it('picks none when the first heading is still in the bottom half', () => {
    expect(activeAnchor([box('a', 600), box('b', 1200)], offset, viewport)).toBeNull();
  });

  it('picks the last heading when every heading is above the navbar', () => {
    expect(activeAnchor([box('a', -900), box('b', -400), box('c', 20)], offset, viewport)).toBe('c');
  });

  it('counts a heading exactly at the offset as below it', () => {
    expect(activeAnchor([box('a', -100), box('b', 60)], offset, viewport)).toBe('b');
  });

  it('needs the heading to end above the middle of the viewport', () => {
    expect(activeAnchor([box('a', -100), box('b', 370, 30)], offset, viewport)).toBe('a');
    expect(activeAnchor([box('a', -100), box('b', 369, 30)], offset, viewport)).toBe('b');
  });

  it('uses offset 0 when the navbar hides on scroll', () => {
    expect(activeAnchor([box('a', -100), box('b', 10)], 0, viewport)).toBe('b');
    expect(activeAnchor([box('a', -100), box('b', 10)], 60, viewport)).toBe('b');
  });

  it('has no answer for a page without headings', () => {
    expect(activeAnchor([], offset, viewport)).toBeNull();
  });
});

describe('tocLevels and anchorSelector', () => {
  it('cover the levels present in the tree', () => {
    expect(tocLevels(fixtureTOC())).toEqual([2, 3]);
    expect(tocLevels([])).toBeNull();
    expect(anchorSelector(2, 4)).toBe('h2.anchor,h3.anchor,h4.anchor');
  });
});
