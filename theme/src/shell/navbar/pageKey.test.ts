import { describe, expect, it } from 'vitest';
import type { PageData, SiteData } from '../../contract.gen';
import { introPage, otherPage, site } from '../../app/testFixtures';
import { navbarStateKey } from './pageKey';

const thirdPage: PageData = { ...otherPage, path: '/docs/third/', doc: { ...otherPage.doc!, id: 'third' } };
const outsidePage: PageData = { ...otherPage, path: '/docs/outside/', doc: { id: 'outside', version: 'current' } };

const key = (page: PageData, s: SiteData = site) => navbarStateKey(s, page, page.path);

describe('navbarStateKey', () => {
  it('is the same for pages whose navbar shows the same: two docs of one sidebar', () => {
    expect(key(otherPage)).not.toBeNull();
    expect(key(thirdPage)).toBe(key(otherPage));
  });

  it('tells the page a navbar item links to from the rest of its section (aria-current page, not true)', () => {
    expect(key(introPage)).not.toBe(key(otherPage));
  });

  it('tells a doc outside the item’s sidebar from one inside (the item is not active)', () => {
    expect(key(outsidePage)).not.toBe(key(otherPage));
  });

  it('gives no key when a dropdown links to the page itself in other locales or versions', () => {
    for (const type of ['localeDropdown', 'docsVersionDropdown'] as const) {
      const withDropdown: SiteData = { ...site, navbar: [...site.navbar, { type, position: 'right' }] };
      expect(key(otherPage, withDropdown)).toBeNull();
    }
  });

  it('looks into dropdowns: an entry active on one page only', () => {
    const withDropdown: SiteData = {
      ...site,
      navbar: [...site.navbar, { type: 'dropdown', position: 'right', label: 'More', items: [{ type: 'default', label: 'Third', to: '/docs/third/' }] }],
    };
    expect(key(thirdPage, withDropdown)).not.toBe(key(otherPage, withDropdown));
  });
});
