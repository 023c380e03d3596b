import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteData, VersionData } from '../contract.gen';
import { fixtureSite, fixtureVersions, renderWithSite, setWindowWidth } from '../shell/test-utils';
import { BackToTopButton } from './BackToTopButton';
import { formatLastUpdateDate } from './DocFooter';
import { DocPage } from './DocPage';
import { docPage, fixtureSidebar } from './testFixtures';

afterEach(() => {
  setWindowWidth(1024);
  vi.restoreAllMocks();
});

function versionsSite(banner: string): SiteData {
  const old: VersionData = {
    name: '1.0',
    label: '1.0',
    isLast: false,
    path: '/docs/1.0',
    mainDocId: 'introduction',
    banner,
    docs: {
      introduction: { path: '/docs/1.0/introduction/' },
      'getting-started/authorization': { path: '/docs/1.0/getting-started/authorization/' },
      'old/only': { path: '/docs/1.0/old/only/' },
    },
  };
  return fixtureSite({ docs: { routeBasePath: 'docs', breadcrumbs: true, versions: [...fixtureVersions, old] } });
}

describe('DocPage', () => {
  it('renders breadcrumbs, the title, the content and the paginator', () => {
    renderWithSite(<DocPage page={docPage()} sidebar={fixtureSidebar()} />, { page: docPage() });
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByRole('link', { name: 'Home page' })).toHaveAttribute('href', '/');
    expect(within(crumbs).getByRole('link', { name: 'Getting started' })).toHaveAttribute('href', '/docs/getting-started/');
    expect(within(crumbs).getByText('Authorization')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 1, name: 'Authorization' })).toBeInTheDocument();
    expect(screen.getByText('Request a token.')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Docs pages' });
    expect(within(pages).getByRole('link', { name: 'Previous Introduction' })).toHaveAttribute('href', '/docs/introduction/');
    expect(within(pages).getByRole('link', { name: 'Next Registration' })).toHaveAttribute('href', '/docs/getting-started/registration/');
  });

  it('has no breadcrumbs without a sidebar or with breadcrumbs off', () => {
    const { unmount } = renderWithSite(<DocPage page={docPage()} sidebar={null} />, { page: docPage() });
    expect(screen.queryByRole('navigation', { name: 'Breadcrumbs' })).toBeNull();
    unmount();
    renderWithSite(<DocPage page={docPage()} sidebar={fixtureSidebar()} />, {
      page: docPage(),
      site: fixtureSite({ docs: { routeBasePath: 'docs', breadcrumbs: false, versions: fixtureVersions } }),
    });
    expect(screen.queryByRole('navigation', { name: 'Breadcrumbs' })).toBeNull();
  });

  it('has a desktop table of contents and a mobile one; on mobile only the collapsed one', () => {
    const { unmount } = renderWithSite(<DocPage page={docPage()} sidebar={fixtureSidebar()} />, { page: docPage() });
    expect(screen.getByRole('navigation', { name: 'On this page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'On this page' })).toBeInTheDocument();
    unmount();
    setWindowWidth(800);
    renderWithSite(<DocPage page={docPage()} sidebar={fixtureSidebar()} />, { page: docPage() });
    expect(screen.queryByRole('navigation', { name: 'On this page' })).toBeNull();
    expect(screen.getByRole('button', { name: 'On this page' })).toBeInTheDocument();
  });

  it('has no table of contents when hidden or empty', () => {
    renderWithSite(<DocPage page={docPage({ hideTableOfContents: true })} sidebar={null} />, { page: docPage() });
    expect(screen.queryByRole('button', { name: 'On this page' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'On this page' })).toBeNull();
  });

  it('leaves the title to the Markdown when it has its own h1', () => {
    renderWithSite(<DocPage page={docPage({ hideTitle: true, html: '<h1>Own title</h1>' })} sidebar={null} />, { page: docPage() });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Own title']);
  });

  it('shows the unlisted and draft banners', () => {
    const page = docPage();
    page.doc = { ...page.doc!, unlisted: true, draft: true };
    renderWithSite(<DocPage page={page} sidebar={null} />, { page });
    expect(screen.getByText('Unlisted page')).toBeInTheDocument();
    expect(
      screen.getByText('This page is unlisted. Search engines will not index it, and only users having a direct link can access it.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Draft page')).toBeInTheDocument();
    expect(screen.getByText('This page is a draft. It will only be visible in dev and be excluded from the production build.')).toBeInTheDocument();
  });

  it('shows tags, the edit link and the last update in the footer', () => {
    const page = docPage();
    page.doc = {
      ...page.doc!,
      tags: ['fhir', 'oauth'],
      editUrl: 'https://git.example.org/portal/edit/main/docs/authorization.md',
      lastUpdate: { date: '2025-01-05', author: 'Dana Reyes' },
    };
    renderWithSite(<DocPage page={page} sidebar={null} />, { page });
    const footer = document.querySelector('footer.theme-doc-footer')!;
    expect(within(footer as HTMLElement).getByText('Tags:')).toBeInTheDocument();
    expect(within(footer as HTMLElement).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['fhir', 'oauth']);
    const edit = within(footer as HTMLElement).getByRole('link', { name: 'Edit this page' });
    expect(edit).toHaveAttribute('href', 'https://git.example.org/portal/edit/main/docs/authorization.md');
    expect(edit).toHaveAttribute('target', '_blank');
    expect(footer.querySelector('.theme-last-updated')).toHaveTextContent('Last updated on Jan 5, 2025 by Dana Reyes');
    expect(footer.querySelector('time')).toHaveAttribute('datetime', '2025-01-05');
  });

  it('has no footer when the doc has nothing for it', () => {
    renderWithSite(<DocPage page={docPage()} sidebar={null} />, { page: docPage() });
    expect(document.querySelector('footer.theme-doc-footer')).toBeNull();
  });
});

describe('formatLastUpdateDate', () => {
  it('prints the date like the site being replaced, without Intl', () => {
    expect(formatLastUpdateDate('2025-12-31')).toEqual({ text: 'Dec 31, 2025', iso: '2025-12-31' });
    expect(formatLastUpdateDate('2024-03-09T10:00:00Z')).toEqual({ text: 'Mar 9, 2024', iso: '2024-03-09' });
    expect(formatLastUpdateDate('last week')).toBeNull();
  });
});

describe('version banner and badge', () => {
  const oldPage = (docId = 'getting-started/authorization') => {
    const page = docPage({ path: '/docs/1.0/getting-started/authorization/' });
    page.doc = { ...page.doc!, id: docId, version: '1.0' };
    return page;
  };

  it('says an unmaintained version is no longer maintained and links the same doc in the latest version', () => {
    renderWithSite(<DocPage page={oldPage()} sidebar={null} />, { page: oldPage(), site: versionsSite('unmaintained') });
    const banner = screen.getByRole('alert');
    expect(banner).toHaveClass('theme-doc-version-banner', 'alert', 'alert--warning', 'margin-bottom--md');
    expect(banner).toHaveTextContent(
      'This is documentation for Quillmoor Developer Portal 1.0, which is no longer actively maintained.For up-to-date documentation, see the latest version (Next).',
    );
    expect(within(banner).getByText('1.0').tagName).toBe('B');
    const latest = within(banner).getByRole('link', { name: 'latest version' });
    expect(latest).toHaveAttribute('href', '/docs/getting-started/authorization/');
    fireEvent.click(latest);
    expect(localStorage.getItem('docs-preferred-version-default')).toBe('current');
  });

  it('says an unreleased version is unreleased, and links the main doc when the latest lacks the page', () => {
    renderWithSite(<DocPage page={oldPage('old/only')} sidebar={null} />, { page: oldPage('old/only'), site: versionsSite('unreleased') });
    const banner = screen.getByRole('alert');
    expect(banner.firstElementChild).toHaveTextContent('This is unreleased documentation for Quillmoor Developer Portal 1.0 version.');
    expect(within(banner).getByRole('link', { name: 'latest version' })).toHaveAttribute('href', '/docs/introduction/');
  });

  it('shows the version badge when there is more than one version', () => {
    renderWithSite(<DocPage page={oldPage()} sidebar={null} />, { page: oldPage(), site: versionsSite('unmaintained') });
    expect(screen.getByText('Version: 1.0')).toHaveClass('badge', 'badge--secondary');
  });

  it('shows neither with a single version', () => {
    renderWithSite(<DocPage page={docPage()} sidebar={null} />, { page: docPage() });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/^Version:/)).toBeNull();
  });
});

describe('BackToTopButton', () => {
  function scrollTo(y: number) {
    act(() => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
      window.dispatchEvent(new Event('scroll'));
    });
  }
  const button = () => screen.getByRole('button', { name: 'Scroll back to top' });

  it('shows when the reader scrolls up after going more than 300 px down', () => {
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 5000 });
    renderWithSite(<BackToTopButton />, { page: docPage() });
    expect(button()).toHaveClass('clean-btn', 'theme-back-to-top-button');
    expect(button()).not.toHaveClass('back-to-top--show');
    scrollTo(1000);
    scrollTo(1500);
    expect(button()).not.toHaveClass('back-to-top--show');
    scrollTo(1400);
    expect(button()).toHaveClass('back-to-top--show');
    scrollTo(250);
    expect(button()).not.toHaveClass('back-to-top--show');
  });

  it('scrolls to the top, 15 % of the way per frame', () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((f) => frames.push(f));
    let y = 1000;
    Object.defineProperty(document.documentElement, 'scrollTop', { configurable: true, get: () => y });
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, top: number) => {
      y = top;
    }) as typeof window.scrollTo);
    renderWithSite(<BackToTopButton />, { page: docPage() });
    fireEvent.click(button());
    expect(scroll).toHaveBeenLastCalledWith(0, 850);
    frames.shift()!(0);
    expect(scroll).toHaveBeenLastCalledWith(0, 722);
  });

  it('hides on a navigation to a #heading and ignores the jump', () => {
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 5000 });
    const { navigateTo } = renderWithSite(<BackToTopButton />, { page: docPage() });
    scrollTo(1000);
    scrollTo(900);
    expect(button()).toHaveClass('back-to-top--show');
    act(() => navigateTo({ pathname: docPage().path, hash: '#scopes' }));
    expect(button()).not.toHaveClass('back-to-top--show');
    scrollTo(600);
    expect(button()).not.toHaveClass('back-to-top--show');
    scrollTo(500);
    expect(button()).toHaveClass('back-to-top--show');
  });
});
