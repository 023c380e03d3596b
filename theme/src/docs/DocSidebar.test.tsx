import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteData } from '../contract.gen';
import { SiteProvider } from '../app/SiteContext';
import { StaticRouter } from '../app/router';
import { useSecondaryMenu } from '../shell/navbar/secondaryMenu';
import { ShellProviders } from '../shell/Layout';
import { fixtureSite, renderWithSite, setWindowWidth, siteWithTheme, stubMatchMedia } from '../shell/test-utils';
import { DocLayout } from './DocLayout';
import { DocSidebar } from './DocSidebar';
import { docPage, fixtureSidebar } from './testFixtures';

function sidebarSite(sidebar: Partial<SiteData['themeConfig']['docs']['sidebar']> = {}) {
  const site = fixtureSite();
  return siteWithTheme({ docs: { ...site.themeConfig.docs, sidebar: { ...site.themeConfig.docs.sidebar, ...sidebar } } });
}

function renderSidebar(pathname: string, site = sidebarSite()) {
  return renderWithSite(<DocSidebar items={fixtureSidebar()} />, { site, page: docPage({ path: pathname }), location: { pathname } });
}

const nav = () => screen.getByRole('navigation', { name: 'Docs sidebar' });
const caret = (name: string | RegExp) => within(nav()).getByRole('button', { name });

afterEach(() => {
  vi.unstubAllGlobals();
  setWindowWidth(1024);
});

describe('DocSidebar links', () => {
  it('marks the current page with aria-current and the active class', () => {
    renderSidebar('/docs/introduction/');
    const link = within(nav()).getByRole('link', { name: 'Introduction' });
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(link).toHaveClass('menu__link', 'menu__link--active');
    expect(link.closest('li')).toHaveClass('theme-doc-sidebar-item-link', 'theme-doc-sidebar-item-link-level-1', 'menu__list-item');
  });

  it('compares paths without case or trailing slash', () => {
    renderSidebar('/docs/INTRODUCTION');
    expect(within(nav()).getByRole('link', { name: 'Introduction' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens external links in a new tab with an icon', () => {
    renderSidebar('/docs/introduction/');
    const link = within(nav()).getByRole('link', { name: 'FHIR specification' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link.querySelector('svg')).not.toBeNull();
  });

  it('renders html items as they are', () => {
    renderSidebar('/docs/introduction/');
    const note = nav().querySelector('.sidebar-note')!;
    expect(note).toHaveTextContent('Need help?');
    expect(note.closest('li')).toHaveClass('theme-doc-sidebar-item-link-level-1', 'menu__list-item');
  });

  it('hides unlisted pages, except on their own page', () => {
    renderSidebar('/docs/getting-started/authorization/');
    expect(within(nav()).queryByRole('link', { name: 'Secret page' })).toBeNull();
  });

  it('shows an unlisted page while it is the current page', () => {
    renderSidebar('/docs/getting-started/secret/');
    expect(within(nav()).getByRole('link', { name: 'Secret page' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('DocSidebar categories', () => {
  it('start collapsed, with an expand caret and no child links yet', () => {
    renderSidebar('/docs/introduction/');
    const button = caret("Expand sidebar category 'Getting started'");
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).not.toHaveAttribute('aria-controls');
    expect(button.closest('li')).toHaveClass('theme-doc-sidebar-item-category-level-1', 'menu__list-item--collapsed');
    expect(within(nav()).queryByRole('link', { name: 'Authorization' })).toBeNull();
  });

  it('start expanded when they contain the current page', () => {
    renderSidebar('/docs/getting-started/authorization/');
    const button = caret("Collapse sidebar category 'Getting started'");
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(list).toHaveAttribute('data-state', 'open');
    expect(within(list).getByRole('link', { name: 'Authorization' })).toHaveAttribute('aria-current', 'page');
    // The category contains the current page: its link is active, but it is not the current page.
    const label = within(nav()).getByRole('link', { name: 'Getting started' });
    expect(label).toHaveClass('menu__link--sublist', 'menu__link--active');
    expect(label).not.toHaveAttribute('aria-current');
  });

  it('toggle with the caret, which names the action and the category', () => {
    renderSidebar('/docs/introduction/');
    fireEvent.click(caret("Expand sidebar category 'Getting started'"));
    const button = caret("Collapse sidebar category 'Getting started'");
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button.closest('li')).not.toHaveClass('menu__list-item--collapsed');
    const list = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(list).toHaveAttribute('data-state', 'open');
    expect(within(list).getByRole('link', { name: 'Authorization' })).not.toHaveAttribute('tabindex');

    fireEvent.click(button);
    expect(caret("Expand sidebar category 'Getting started'")).toHaveAttribute('aria-expanded', 'false');
    // Lazy content stays mounted once shown, out of the tab order while collapsed.
    expect(list).toHaveAttribute('data-state', 'closed');
    expect(within(list).getByRole('link', { name: 'Authorization', hidden: true })).toHaveAttribute('tabindex', '-1');
  });

  it('toggle when the category link is clicked on its own page, without navigating', () => {
    renderSidebar('/docs/getting-started/');
    const label = within(nav()).getByRole('link', { name: 'Getting started' });
    expect(label).toHaveAttribute('aria-current', 'page');
    expect(label.parentElement).toHaveClass('menu__list-item-collapsible--active');
    const click = fireEvent.click(label);
    expect(click).toBe(false); // default prevented
    expect(caret("Expand sidebar category 'Getting started'")).toBeInTheDocument();
  });

  it('expand (and navigate) when the category link is clicked from another page', () => {
    renderSidebar('/docs/introduction/');
    fireEvent.click(within(nav()).getByRole('link', { name: 'Getting started' }));
    expect(caret("Collapse sidebar category 'Getting started'")).toBeInTheDocument();
  });

  it('without a page of their own are a toggle button', () => {
    renderSidebar('/docs/introduction/');
    const toggle = within(nav()).getByRole('button', { name: 'APIs' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('href', '#');
    expect(toggle).toHaveClass('menu__link--sublist-caret');
    // No separate caret: the label is the toggle.
    expect(within(nav()).queryByRole('button', { name: /sidebar category 'APIs'/ })).toBeNull();
    expect(fireEvent.click(toggle)).toBe(false);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav()).getByRole('link', { name: 'CCD API' })).toBeInTheDocument();
  });

  it('without a page link the first page inside in server HTML, for crawlers', () => {
    const site = sidebarSite();
    const html = renderToString(
      <SiteProvider site={site}>
        <StaticRouter location={{ pathname: '/docs/introduction/', search: '', hash: '' }} page={docPage({ path: '/docs/introduction/' })} sidebar={null}>
          <ShellProviders>
            <DocSidebar items={fixtureSidebar()} />
          </ShellProviders>
        </StaticRouter>
      </SiteProvider>,
    );
    expect(html).toMatch(/<a[^>]*href="\/docs\/api\/ccd\/"[^>]*role="button"[^>]*>APIs<\/a>|<a[^>]*role="button"[^>]*href="\/docs\/api\/ccd\/"[^>]*>APIs<\/a>/);
    expect(html).not.toContain('style=');
  });

  it('that are not collapsible are always expanded and have no caret', () => {
    renderSidebar('/docs/introduction/');
    expect(within(nav()).getByRole('link', { name: 'Glossary' })).toBeInTheDocument();
    expect(within(nav()).queryByRole('button', { name: /Reference/ })).toBeNull();
  });

  it('expand when a navigation makes them active', () => {
    const { navigateTo } = renderSidebar('/docs/introduction/');
    expect(caret("Expand sidebar category 'Getting started'")).toBeInTheDocument();
    act(() => navigateTo({ pathname: '/docs/getting-started/registration/' }));
    expect(caret("Collapse sidebar category 'Getting started'")).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Registration' })).toHaveAttribute('aria-current', 'page');
  });

  it('stay as they are when several are expanded, without autoCollapseCategories', () => {
    renderSidebar('/docs/introduction/');
    fireEvent.click(caret("Expand sidebar category 'Getting started'"));
    fireEvent.click(within(nav()).getByRole('button', { name: 'APIs' }));
    expect(caret("Collapse sidebar category 'Getting started'")).toBeInTheDocument();
    expect(within(nav()).getByRole('button', { name: 'APIs' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('collapse their siblings with autoCollapseCategories', () => {
    renderSidebar('/docs/introduction/', sidebarSite({ autoCollapseCategories: true }));
    fireEvent.click(caret("Expand sidebar category 'Getting started'"));
    fireEvent.click(within(nav()).getByRole('button', { name: 'APIs' }));
    expect(within(nav()).getByRole('button', { name: 'APIs' })).toHaveAttribute('aria-expanded', 'true');
    expect(caret("Expand sidebar category 'Getting started'")).toBeInTheDocument();
    // Only siblings: expanding a nested category leaves its parent open.
    fireEvent.click(caret("Expand sidebar category 'FHIR'"));
    expect(within(nav()).getByRole('button', { name: 'APIs' })).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('DocSidebar on mobile', () => {
  function SecondaryMenu() {
    const { content } = useSecondaryMenu();
    return <div data-testid="secondary">{content}</div>;
  }

  it('puts the same items into the navbar secondary menu instead of a column', () => {
    setWindowWidth(500);
    renderWithSite(
      <>
        <SecondaryMenu />
        <DocSidebar items={fixtureSidebar()} />
      </>,
      { site: sidebarSite(), page: docPage(), location: { pathname: '/docs/getting-started/authorization/' } },
    );
    expect(screen.queryByRole('navigation', { name: 'Docs sidebar' })).toBeNull();
    const secondary = screen.getByTestId('secondary');
    expect(secondary.querySelector('ul.theme-doc-sidebar-menu.menu__list')).not.toBeNull();
    expect(within(secondary).getByRole('link', { name: 'Authorization' })).toHaveAttribute('aria-current', 'page');
    expect(within(secondary).getByRole('button', { name: "Collapse sidebar category 'Getting started'" })).toBeInTheDocument();
  });
});

describe('hideable sidebar', () => {
  function renderLayout(site: SiteData) {
    return renderWithSite(
      <DocLayout sidebar={fixtureSidebar()} sidebarName="docs">
        <p>Content</p>
      </DocLayout>,
      { site, page: docPage(), location: { pathname: '/docs/introduction/' } },
    );
  }
  const aside = () => document.querySelector('aside.theme-doc-sidebar-container')!;

  it('has no collapse button unless themeConfig.docs.sidebar.hideable', () => {
    renderLayout(sidebarSite());
    expect(screen.queryByRole('button', { name: 'Collapse sidebar' })).toBeNull();
  });

  it('narrows, then hides its content when the width transition ends; Expand sidebar brings it back', () => {
    renderLayout(sidebarSite({ hideable: true }));
    const collapse = screen.getByRole('button', { name: 'Collapse sidebar' });
    expect(collapse).toHaveAttribute('title', 'Collapse sidebar');
    expect(collapse).toHaveClass('button', 'button--secondary', 'button--outline');

    fireEvent.click(collapse);
    expect(aside()).toHaveClass('doc-sidebar--hidden');
    expect(document.querySelector('main')).toHaveClass('doc-main--enhanced');
    expect(screen.queryByRole('button', { name: 'Expand sidebar' })).toBeNull();

    // A transition inside the column does not count.
    fireEvent.transitionEnd(within(nav()).getByRole('link', { name: 'Introduction' }));
    expect(screen.queryByRole('button', { name: 'Expand sidebar' })).toBeNull();

    fireEvent.transitionEnd(aside());
    const expand = screen.getByRole('button', { name: 'Expand sidebar' });
    expect(expand).toHaveAttribute('title', 'Expand sidebar');
    expect(expand).toHaveAttribute('tabindex', '0');
    expect(aside().querySelector('.doc-sidebar__viewport')).toHaveClass('doc-sidebar__viewport--hidden');

    fireEvent.keyDown(expand, { key: 'Enter' });
    expect(aside()).not.toHaveClass('doc-sidebar--hidden');
    expect(screen.queryByRole('button', { name: 'Expand sidebar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toBeInTheDocument();
  });

  it('hides its content at once under reduced motion (no transition to wait for)', () => {
    stubMatchMedia({ '(prefers-reduced-motion: reduce)': true });
    renderLayout(sidebarSite({ hideable: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(aside()).not.toHaveClass('doc-sidebar--hidden');
  });
});
