import { describe, expect, it } from 'vitest';
import { isItemActive, isMobileDropdownActive, isMobileSubItemActive, matchesPathPrefix, matchesRegex, type ActiveContext } from './activeState';
import type { NavEntry } from './types';

const ctx = (pathname: string, docSidebar: string | null = null, baseUrl = '/'): ActiveContext => ({ pathname, baseUrl, docSidebar });

describe('matchesRegex', () => {
  it('tests case-insensitively and is false when either side is missing', () => {
    expect(matchesRegex('^/docs/API', '/docs/api/ccd/')).toBe(true);
    expect(matchesRegex(undefined, '/docs/')).toBe(false);
    expect(matchesRegex('x', undefined)).toBe(false);
    expect(matchesRegex('(', '/docs/')).toBe(false);
  });
});

describe('matchesPathPrefix', () => {
  it('matches at segment boundaries, ignoring case and trailing slash', () => {
    expect(matchesPathPrefix('/docs', '/docs/intro/')).toBe(true);
    expect(matchesPathPrefix('/docs/', '/DOCS')).toBe(true);
    expect(matchesPathPrefix('/docs', '/docsearch/')).toBe(false);
    expect(matchesPathPrefix('/', '/anything/')).toBe(true);
  });
});

describe('default items', () => {
  const item = (extra: Partial<NavEntry>): NavEntry => ({ type: 'default', label: 'X', ...extra });

  it('activeBaseRegex wins over everything else', () => {
    const i = item({ to: '/docs/', activeBaseRegex: '/tutorials/' });
    expect(isItemActive(i, ctx('/docs/tutorials/x/'))).toBe(true);
    expect(isItemActive(i, ctx('/docs/intro/'))).toBe(false);
  });

  it('activeBasePath is a prefix of the path, with the base URL', () => {
    const i = item({ to: '/docs/api/ccd/', activeBasePath: 'docs/api' });
    expect(isItemActive(i, ctx('/portal/docs/api/fhir/', null, '/portal/'))).toBe(true);
    expect(isItemActive(i, ctx('/portal/docs/intro/', null, '/portal/'))).toBe(false);
  });

  it('without either, the link target is a path prefix', () => {
    const i = item({ to: '/docs/api/' });
    expect(isItemActive(i, ctx('/docs/api/ccd/'))).toBe(true);
    expect(isItemActive(i, ctx('/docs/apis/'))).toBe(false);
  });

  it('plain href links are never active', () => {
    expect(isItemActive(item({ href: 'https://www.example.org/', activeBasePath: '/' }), ctx('/docs/'))).toBe(false);
  });
});

describe('doc and docSidebar items', () => {
  const doc: NavEntry = { type: 'doc', docId: 'introduction', resolvedTo: '/docs/introduction/', activeSidebar: 'docs' };
  const sidebar: NavEntry = { type: 'docSidebar', sidebarId: 'api', resolvedTo: '/docs/api/ccd/', activeSidebar: 'api' };

  it('a doc item is active on its doc and on every page of its sidebar', () => {
    expect(isItemActive(doc, ctx('/docs/introduction/', 'docs'))).toBe(true);
    expect(isItemActive(doc, ctx('/docs/getting-started/authorization/', 'docs'))).toBe(true);
    expect(isItemActive(doc, ctx('/docs/api/ccd/', 'api'))).toBe(false);
    expect(isItemActive(doc, ctx('/terms-of-service/', null))).toBe(false);
  });

  it('a docSidebar item is active on any doc of its sidebar only', () => {
    expect(isItemActive(sidebar, ctx('/docs/api/patient-image/', 'api'))).toBe(true);
    expect(isItemActive(sidebar, ctx('/docs/api/ccd/', 'docs'))).toBe(false);
    expect(isItemActive(sidebar, ctx('/docs/api/ccd/', null))).toBe(false);
  });

  it('a sidebar id counts only in the docs instance the item names', () => {
    const sdkSidebar: NavEntry = { ...sidebar, docsPluginId: 'sdk' };
    const onSdk = { ...ctx('/sdk/api/', 'api'), docsPluginId: 'sdk' };
    expect(isItemActive(sdkSidebar, onSdk)).toBe(true);
    expect(isItemActive(sidebar, onSdk)).toBe(false);
    expect(isItemActive(sdkSidebar, ctx('/docs/api/patient-image/', 'api'))).toBe(false);
    expect(isItemActive({ ...doc, docsPluginId: 'sdk' }, ctx('/docs/getting-started/', 'docs'))).toBe(false);
  });

  it('ignores activeBasePath on doc-based items', () => {
    expect(isItemActive({ ...sidebar, activeBasePath: '/' }, ctx('/terms-of-service/', null))).toBe(false);
  });
});

describe('mobile dropdowns', () => {
  const subs: NavEntry[] = [
    { type: 'default', label: 'A', to: '/docs/a/' },
    { type: 'default', label: 'B', to: '/x/', activeBaseRegex: '^/docs/b' },
    { type: 'default', label: 'C', to: '/y/', activeBasePath: '/docs/c' },
  ];
  const dropdown: NavEntry = { type: 'dropdown', label: 'More', items: subs };

  it('a sub-item is active on its own page, on its regex, or under its activeBasePath', () => {
    expect(isMobileSubItemActive(subs[0], ctx('/docs/A'))).toBe(true);
    expect(isMobileSubItemActive(subs[0], ctx('/docs/a/deeper/'))).toBe(false);
    expect(isMobileSubItemActive(subs[1], ctx('/docs/b/1/'))).toBe(true);
    expect(isMobileSubItemActive(subs[2], ctx('/docs/c/2/'))).toBe(true);
  });

  it('a dropdown is active when any of its items is, or its own link is the page', () => {
    expect(isMobileDropdownActive(dropdown, subs, ctx('/docs/c/2/'))).toBe(true);
    expect(isMobileDropdownActive(dropdown, subs, ctx('/elsewhere/'))).toBe(false);
    expect(isMobileDropdownActive({ ...dropdown, to: '/more/' }, subs, ctx('/more/'))).toBe(true);
  });
});
