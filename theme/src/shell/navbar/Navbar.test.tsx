import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NavItem } from '../../contract.gen';
import { ErrorBoundary, type FallbackProps } from '../../app/ErrorBoundary';
import { Navbar } from './Navbar';
import { navbarItemFailure } from './NavbarItemErrorBoundary';
import { fixturePage, fixtureSite, renderWithSite, stubMatchMedia } from '../test-utils';

beforeEach(() => {
  stubMatchMedia();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function siteWithItems(items: NavItem[], navbar: Partial<ReturnType<typeof fixtureSite>['themeConfig']['navbar']> = {}) {
  const site = fixtureSite({ navbar: items });
  return { ...site, themeConfig: { ...site.themeConfig, navbar: { ...site.themeConfig.navbar, ...navbar } } };
}

const nav = () => screen.getByRole('navigation', { name: 'Main' });
const left = () => nav().querySelector('.theme-layout-navbar-left') as HTMLElement;
const right = () => nav().querySelector('.theme-layout-navbar-right') as HTMLElement;

describe('Navbar structure', () => {
  it('renders the brand linking home with the 55×50 logo and the title', () => {
    renderWithSite(<Navbar />);
    const brand = within(left()).getByRole('link', { name: /Quillmoor Developer Portal/ });
    expect(brand).toHaveAttribute('href', '/');
    expect(brand).toHaveClass('navbar__brand');
    const img = brand.querySelector('img')!;
    expect(img).toHaveAttribute('src', '/img/logo.svg');
    expect(img).toHaveAttribute('width', '55');
    expect(img).toHaveAttribute('height', '50');
    expect(img).toHaveAttribute('alt', 'Quillmoor Health Exchange');
  });

  it('has no brand link when the navbar has neither logo nor title', () => {
    const site = siteWithItems([], { logo: undefined, title: '' });
    renderWithSite(<Navbar />, { site });
    expect(nav().querySelector('.navbar__brand')).toBeNull();
  });

  it('links the logo to its configured href', () => {
    const site = siteWithItems([], { logo: { alt: '', src: 'img/logo.svg', href: 'https://www.example.org/', width: 55, height: 50 } });
    renderWithSite(<Navbar />, { site });
    expect(nav().querySelector('.navbar__brand')).toHaveAttribute('href', 'https://www.example.org/');
  });

  it('puts items left and right, with the colour toggle and the search slot at the right end', () => {
    renderWithSite(<Navbar />);
    expect(within(left()).getAllByRole('link').map((a) => a.textContent)).toEqual(['Quillmoor Developer Portal', 'Docs', 'API', 'Tutorials']);
    const external = within(right()).getByRole('link', { name: 'Quillmoor Health' });
    expect(external).toHaveAttribute('href', 'https://www.example.org/');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(external.querySelector('svg.icon-external')).not.toBeNull();
    expect(within(right()).getByRole('button', { name: /Switch between dark and light mode/ })).toBeInTheDocument();
    expect(right().lastElementChild).toHaveClass('navbar__search');
  });

  it('marks the doc item active on its sidebar and the docSidebar item on its own', () => {
    renderWithSite(<Navbar />, { page: fixturePage({ path: '/docs/getting-started/authorization/', doc: { id: 'getting-started/authorization', version: 'current', sidebar: 'docs' } }) });
    expect(screen.getByRole('link', { name: 'Docs' })).toHaveClass('navbar__link--active');
    expect(screen.getByRole('link', { name: 'Docs' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: 'API' })).not.toHaveClass('navbar__link--active');
  });

  it('marks the current page with aria-current="page"', () => {
    renderWithSite(<Navbar />);
    expect(screen.getByRole('link', { name: 'Docs' })).toHaveAttribute('aria-current', 'page');
  });

  it('renders html, search, docsVersion and default items', () => {
    const site = siteWithItems([
      { type: 'html', value: '<strong>Beta</strong>', position: 'left' },
      { type: 'default', to: '/terms-of-service/', label: 'Terms', position: 'left', activeBasePath: 'terms' },
      { type: 'docsVersion', position: 'right', resolvedTo: '/docs/introduction/', resolvedLabel: 'Next' },
      { type: 'search', position: 'right', className: 'custom-search' },
    ]);
    renderWithSite(<Navbar />, { site, location: { pathname: '/terms-of-service/' }, page: fixturePage({ path: '/terms-of-service/', kind: 'page', doc: undefined }) });
    expect(left().querySelector('div.navbar__item strong')).toHaveTextContent('Beta');
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveClass('navbar__link--active');
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/docs/introduction/');
    // A search item takes the slot's place.
    expect(nav().querySelectorAll('.navbar__search')).toHaveLength(1);
    expect(nav().querySelector('.navbar__search')).toHaveClass('custom-search');
  });

  it('adds the base URL to internal links', () => {
    const site = { ...siteWithItems([{ type: 'default', to: '/docs/x/', label: 'X', position: 'left' }]), baseUrl: '/portal/' };
    renderWithSite(<Navbar />, { site, location: { pathname: '/portal/' } });
    expect(screen.getByRole('link', { name: 'X' })).toHaveAttribute('href', '/portal/docs/x/');
    expect(nav().querySelector('.navbar__brand')).toHaveAttribute('href', '/portal/');
  });
});

describe('navbar item failure report', () => {
  it('names the item that failed, with the original error as cause', () => {
    // A type the engine would never write, as a bundle older than the engine could see.
    const item: NavItem = { type: 'custom-thing' as string as NavItem['type'], label: 'Broken', position: 'left' };
    const site = siteWithItems([item]);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let caught: Error | null = null;
    const Fallback = ({ error }: FallbackProps) => {
      caught = error;
      return <p>crashed</p>;
    };
    renderWithSite(
      <ErrorBoundary fallback={Fallback}>
        <Navbar />
      </ErrorBoundary>,
      { site },
    );
    expect(screen.getByText('crashed')).toBeInTheDocument();
    const error = caught as unknown as Error;
    expect(error.message).toBe(
      'A theme navbar item failed to render.\n' +
        'Please double-check the following navbar item (themeConfig.navbar.items) of your Portal config:\n' +
        '{\n  "type": "custom-thing",\n  "label": "Broken",\n  "position": "left"\n}',
    );
    expect((error.cause as Error).message).toBe('No NavbarItem component found for type "custom-thing".');
  });

  it('reports the item as configured, without what the engine resolved', () => {
    const error = navbarItemFailure(
      { type: 'doc', docId: 'introduction', label: 'Docs', resolvedTo: '/docs/introduction/', resolvedLabel: 'introduction', activeSidebar: 'docs' },
      new Error('boom'),
    );
    expect(error.message).toContain('{\n  "type": "doc",\n  "docId": "introduction",\n  "label": "Docs"\n}');
    expect((error.cause as Error).message).toBe('boom');
  });
});
