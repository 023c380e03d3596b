import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NavItem, SiteData, VersionData } from '../../contract.gen';
import { activeVersionFor, docPathInVersion, versionCandidates } from '../docsVersions';
import { Navbar } from './Navbar';
import { dropdownVersions } from './versionDropdown';
import { fixturePage, fixtureSite, renderWithSite, setWindowWidth, stubMatchMedia } from '../test-utils';

const versions: VersionData[] = [
  {
    name: 'current',
    label: 'Next',
    isLast: false,
    path: '/docs/next/',
    mainDocId: 'introduction',
    docs: {
      introduction: { path: '/docs/next/introduction/', sidebar: 'docs' },
      'bulk-data': { path: '/docs/next/bulk-data/', sidebar: 'docs' },
    },
  },
  {
    name: '2.0',
    label: '2.0',
    isLast: true,
    path: '/docs/',
    mainDocId: 'introduction',
    docs: { introduction: { path: '/docs/introduction/', sidebar: 'docs' } },
  },
  {
    name: '1.0',
    label: '1.0',
    isLast: false,
    path: '/docs/1.0/',
    mainDocId: 'introduction',
    docs: { introduction: { path: '/docs/1.0/introduction/', sidebar: 'docs' } },
  },
];

const dropdownItem: NavItem = { type: 'docsVersionDropdown', position: 'right' };

function site(items: NavItem[], extra: Partial<SiteData> = {}): SiteData {
  const base = fixtureSite({ navbar: items, ...extra });
  return { ...base, docs: { ...base.docs, versions } };
}

const bulkPage = fixturePage({ path: '/docs/next/bulk-data/', doc: { id: 'bulk-data', version: 'current', sidebar: 'docs' } });
const termsPage = fixturePage({ path: '/terms-of-service/', kind: 'page', doc: undefined });

beforeEach(() => {
  stubMatchMedia();
  setWindowWidth(1280);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setWindowWidth(1024);
});

describe('version helpers', () => {
  it('finds the active version by the longest path prefix', () => {
    expect(activeVersionFor(versions, '/docs/next/bulk-data/')?.name).toBe('current');
    expect(activeVersionFor(versions, '/docs/1.0/introduction/')?.name).toBe('1.0');
    expect(activeVersionFor(versions, '/docs/introduction/')?.name).toBe('2.0');
    expect(activeVersionFor(versions, '/terms-of-service/')).toBeNull();
  });

  it('links the same doc in another version, else its main doc', () => {
    expect(docPathInVersion(versions[2], 'introduction')).toBe('/docs/1.0/introduction/');
    expect(docPathInVersion(versions[2], 'bulk-data')).toBe('/docs/1.0/introduction/');
  });

  it('de-duplicates the candidates', () => {
    expect(versionCandidates(versions[1], null, versions[1]).map((v) => v.name)).toEqual(['2.0']);
  });

  it('throws for a version name that does not exist', () => {
    expect(() => dropdownVersions(versions, ['2.0', '3.0'])).toThrow(
      "No docs version exist for name '3.0', please verify your 'docsVersionDropdown' navbar item versions config.\nAvailable version names:\n- current\n- 2.0\n- 1.0",
    );
    expect(dropdownVersions(versions, { '1.0': { label: 'Legacy' } })).toEqual([{ version: versions[2], label: 'Legacy' }]);
  });
});

describe('docs version dropdown', () => {
  const trigger = () => screen.getByRole('button', { name: 'Next' });
  const menu = () => trigger().parentElement!.querySelector('.dropdown__menu') as HTMLElement;

  it('links every version to the same doc, else its main doc, keeping search and hash', () => {
    renderWithSite(<Navbar />, { site: site([dropdownItem]), page: bulkPage, location: { pathname: '/docs/next/bulk-data/', search: '?tab=curl', hash: '#paging' } });
    expect(trigger()).toHaveAttribute('href', '/docs/next/bulk-data/');
    const links = within(menu()).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Next', '/docs/next/bulk-data/?tab=curl#paging'],
      ['2.0', '/docs/introduction/?tab=curl#paging'],
      ['1.0', '/docs/1.0/introduction/?tab=curl#paging'],
    ]);
    expect(links[0]).toHaveClass('dropdown__link--active');
    expect(links[1]).not.toHaveClass('dropdown__link--active');
  });

  it('remembers the chosen version as the preferred one', () => {
    renderWithSite(<Navbar />, { site: site([dropdownItem]), page: bulkPage });
    fireEvent.click(within(menu()).getByRole('link', { name: '1.0' }));
    expect(localStorage.getItem('docs-preferred-version-default')).toBe('1.0');
  });

  it('does not store anything when version persistence is "none"', () => {
    const s = site([dropdownItem]);
    const noPersist = { ...s, themeConfig: { ...s.themeConfig, docs: { ...s.themeConfig.docs, versionPersistence: 'none' } } };
    renderWithSite(<Navbar />, { site: noPersist, page: bulkPage });
    fireEvent.click(within(menu()).getByRole('link', { name: '1.0' }));
    expect(localStorage.getItem('docs-preferred-version-default')).toBeNull();
  });

  it('shows the preferred version outside the docs, and forgets a preferred version that no longer exists', () => {
    localStorage.setItem('docs-preferred-version-default', '1.0');
    renderWithSite(<Navbar />, { site: site([dropdownItem]), page: termsPage, location: { pathname: '/terms-of-service/' } });
    expect(screen.getByRole('button', { name: '1.0' })).toHaveAttribute('href', '/docs/1.0/introduction/');
  });

  it('removes a stored version name that is not a version', () => {
    localStorage.setItem('docs-preferred-version-default', '0.1');
    renderWithSite(<Navbar />, { site: site([dropdownItem]), page: termsPage, location: { pathname: '/terms-of-service/' } });
    expect(localStorage.getItem('docs-preferred-version-default')).toBeNull();
    // The latest version is shown.
    expect(screen.getByRole('button', { name: '2.0' })).toBeInTheDocument();
  });

  it('is a plain link with a single version', () => {
    renderWithSite(<Navbar />, { site: site([{ ...dropdownItem, versions: ['2.0'] }]), page: termsPage, location: { pathname: '/terms-of-service/' } });
    const link = screen.getByRole('link', { name: '2.0' });
    expect(link).toHaveClass('navbar__link');
    expect(link).toHaveAttribute('href', '/docs/introduction/');
    expect(link).not.toHaveAttribute('aria-haspopup');
  });

  it('never highlights with dropdownActiveClassDisabled', () => {
    renderWithSite(<Navbar />, { site: site([{ ...dropdownItem, dropdownActiveClassDisabled: true }]), page: bulkPage });
    within(menu())
      .getAllByRole('link')
      .forEach((a) => expect(a).not.toHaveClass('dropdown__link--active'));
  });

  it('adds dropdownItemsBefore and dropdownItemsAfter around the versions', () => {
    const item: NavItem = { ...dropdownItem, dropdownItemsAfter: [{ type: 'default', label: 'All versions', to: '/versions/' }] };
    renderWithSite(<Navbar />, { site: site([item]), page: bulkPage });
    expect(within(menu()).getAllByRole('link').map((a) => a.textContent)).toEqual(['Next', '2.0', '1.0', 'All versions']);
  });

  it('is labelled "Versions" on mobile, without a link', () => {
    setWindowWidth(400);
    renderWithSite(<Navbar />, { site: site([dropdownItem]), page: bulkPage });
    fireEvent.click(screen.getByRole('button', { name: 'Toggle navigation bar' }));
    const panel = screen.getByRole('dialog', { name: 'Navigation bar' });
    const label = within(panel).getByRole('button', { name: 'Versions' });
    expect(label).toHaveAttribute('href', '#');
    // The active version's dropdown starts expanded.
    expect(within(panel).getByRole('link', { name: 'Next' })).toHaveClass('menu__link--active');
  });
});

describe('doc-based items follow the version', () => {
  const docItem: NavItem = { type: 'doc', docId: 'introduction', label: 'Docs', position: 'left', resolvedTo: '/docs/introduction/', activeSidebar: 'docs' };

  it('a doc item links the doc in the active version', () => {
    renderWithSite(<Navbar />, { site: site([docItem]), page: bulkPage });
    expect(screen.getByRole('link', { name: 'Docs' })).toHaveAttribute('href', '/docs/next/introduction/');
    expect(screen.getByRole('link', { name: 'Docs' })).toHaveClass('navbar__link--active');
  });

  it('outside the docs, a doc item links the doc in the preferred version', async () => {
    localStorage.setItem('docs-preferred-version-default', '1.0');
    renderWithSite(<Navbar />, { site: site([docItem]), page: termsPage, location: { pathname: '/terms-of-service/' } });
    await act(async () => {});
    expect(screen.getByRole('link', { name: 'Docs' })).toHaveAttribute('href', '/docs/1.0/introduction/');
  });

  it('a docsVersion item links the main doc of the first candidate', () => {
    renderWithSite(<Navbar />, { site: site([{ type: 'docsVersion', position: 'left', resolvedTo: '/docs/introduction/', resolvedLabel: '2.0' }]), page: bulkPage });
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/docs/next/introduction/');
  });
});

describe('items of another docs instance (docsPluginId)', () => {
  // The sdk instance has its own versions; the default one is the three above.
  const sdkVersions: VersionData[] = [
    { name: 'current', label: 'Next', isLast: false, path: '/sdk/next/', mainDocId: 'intro', docs: { intro: { path: '/sdk/next/', sidebar: 'docs' }, install: { path: '/sdk/next/install/', sidebar: 'docs' } } },
    { name: '2.0', label: 'SDK 2.0', isLast: true, path: '/sdk/', mainDocId: 'intro', docs: { intro: { path: '/sdk/', sidebar: 'docs' } } },
  ];
  const twoInstances = (items: NavItem[]): SiteData => ({
    ...site(items),
    docsInstances: [{ pluginId: 'sdk', routeBasePath: 'sdk', breadcrumbs: true, versions: sdkVersions }],
  });
  const sdkDropdown: NavItem = { ...dropdownItem, docsPluginId: 'sdk' };
  const sdkInstall = fixturePage({ path: '/sdk/next/install/', doc: { id: 'install', version: 'current', pluginId: 'sdk', sidebar: 'docs' } });

  it('a version dropdown lists its instance’s versions, and the doc of that instance', () => {
    renderWithSite(<Navbar />, { site: twoInstances([sdkDropdown]), page: sdkInstall, location: { pathname: '/sdk/next/install/' } });
    const links = within(screen.getByRole('button', { name: 'Next' }).parentElement!.querySelector('.dropdown__menu') as HTMLElement).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Next', '/sdk/next/install/'],
      ['SDK 2.0', '/sdk/'],
    ]);
  });

  it('on a doc of the default instance, links each of its versions’ main doc, not the doc of the same id', () => {
    renderWithSite(<Navbar />, { site: twoInstances([sdkDropdown]), page: bulkPage });
    expect(screen.getByRole('button', { name: 'SDK 2.0' })).toHaveAttribute('href', '/sdk/');
  });

  it('remembers the preferred version per instance', () => {
    renderWithSite(<Navbar />, { site: twoInstances([sdkDropdown]), page: sdkInstall, location: { pathname: '/sdk/next/install/' } });
    fireEvent.click(screen.getByRole('link', { name: 'SDK 2.0' }));
    expect(localStorage.getItem('docs-preferred-version-sdk')).toBe('2.0');
    expect(localStorage.getItem('docs-preferred-version-default')).toBeNull();
  });

  it('a doc item follows its own instance’s versions', () => {
    const item: NavItem = { type: 'doc', docId: 'intro', docsPluginId: 'sdk', label: 'SDK', position: 'left', resolvedTo: '/sdk/', activeSidebar: 'docs' };
    renderWithSite(<Navbar />, { site: twoInstances([item]), page: sdkInstall, location: { pathname: '/sdk/next/install/' } });
    expect(screen.getByRole('link', { name: 'SDK' })).toHaveAttribute('href', '/sdk/next/');
    expect(screen.getByRole('link', { name: 'SDK' })).toHaveClass('navbar__link--active');
  });
});

describe('locale dropdown', () => {
  const localeSite = () => {
    const s = fixtureSite({ navbar: [{ type: 'localeDropdown', position: 'right', queryString: 'ref=nav' }] });
    return {
      ...s,
      i18n: {
        defaultLocale: 'en',
        locales: ['en', 'fr'],
        localeConfigs: {
          en: { label: 'English', htmlLang: 'en-US', direction: 'ltr', path: 'en' },
          fr: { label: 'Français', htmlLang: 'fr-FR', direction: 'ltr', path: 'fr' },
        },
      },
    };
  };
  const location = { pathname: '/docs/introduction/', search: '?tab=curl', hash: '#scopes' };

  it('links this page in each locale, keeping search and hash, as full page loads', () => {
    renderWithSite(<Navbar />, { site: localeSite(), location });
    const trigger = screen.getByRole('button', { name: 'English' });
    const links = within(trigger.parentElement!.querySelector('.dropdown__menu') as HTMLElement).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('lang'), a.getAttribute('target')])).toEqual([
      ['English', '/docs/introduction/?tab=curl&ref=nav#scopes', 'en-US', '_self'],
      ['Français', '/fr/docs/introduction/?tab=curl&ref=nav#scopes', 'fr-FR', '_self'],
    ]);
    expect(links[0]).toHaveClass('dropdown__link--active');
    expect(trigger.querySelector('svg.icon-language')).not.toBeNull();
  });

  it('is labelled "Languages" on mobile', () => {
    setWindowWidth(400);
    renderWithSite(<Navbar />, { site: localeSite(), location });
    fireEvent.click(screen.getByRole('button', { name: 'Toggle navigation bar' }));
    expect(within(screen.getByRole('dialog', { name: 'Navigation bar' })).getByRole('button', { name: 'Languages' })).toBeInTheDocument();
  });
});
