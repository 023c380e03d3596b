import { describe, expect, it } from 'vitest';
import type { IndexMeta } from './files';
import { includedPages, lastVersion } from './versions';

// Pages 0-1 default instance (current, 1.0), 2 sdk's latest version (filed
// as outside the docs), 3 sdk's unreleased version, 4 a standalone page.
const meta: IndexMeta = {
  version: 3,
  pages: 5,
  sections: 5,
  versions: ['current', '1.0', '', 'sdk/current'],
  pageVersions: [0, 1, 2, 3, 2],
  shards: [''],
  avgSectionLength: 1,
  shardHashes: ['0123456789'],
  pageHashes: ['a000000000', 'a000000001', 'a000000002', 'a000000003', 'a000000004'],
};

describe('versions searched with several docs instances', () => {
  it('never takes another instance’s version for the default one’s last', () => {
    expect(lastVersion(['', 'sdk/current', 'current'])).toBe('current');
    expect(lastVersion(meta.versions)).toBe('1.0');
  });

  it('outside the docs: the default instance’s last version and every other instance’s latest', () => {
    expect([...includedPages(meta, undefined)]).toEqual([0, 1, 1, 0, 1]);
  });

  it('on another instance’s latest version (not in the index): as outside the docs', () => {
    expect([...includedPages(meta, 'sdk/2.0')]).toEqual([0, 1, 1, 0, 1]);
  });

  it('on another instance’s other version: that version, and the pages outside the docs', () => {
    expect([...includedPages(meta, 'sdk/current')]).toEqual([0, 0, 1, 1, 1]);
  });
});
