import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithSite, siteWithTheme } from '../shell/test-utils';
import { docPage, fixtureTOC } from './testFixtures';
import { TOC, TOCMobile } from './TOC';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

/** The first highlight waits for the frame after the render (TOC.tsx). */
async function nextFrame() {
  await act(async () => {
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
}

describe('TOC', () => {
  it('renders the tree as nested lists linking to the headings', () => {
    renderWithSite(<TOC items={fixtureTOC()} />, { page: docPage() });
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    const top = toc.querySelector(':scope > ul')!;
    expect(top).toHaveClass('table-of-contents', 'table-of-contents__left-border');
    expect(top.querySelectorAll(':scope > li')).toHaveLength(2);
    const token = within(toc).getByRole('link', { name: 'Request a token' });
    expect(token).toHaveAttribute('href', '#request-a-token');
    expect(token.querySelector('code')).toHaveTextContent('token');
    const nested = token.parentElement!.querySelector('ul')!;
    expect(within(nested).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['#scopes', '#pkce']);
    for (const link of within(toc).getAllByRole('link')) expect(link).toHaveClass('table-of-contents__link', 'toc-highlight');
  });

  function headings(tops: Record<string, number>) {
    const article = document.createElement('article');
    for (const id of Object.keys(tops)) {
      const h = document.createElement(id === 'scopes' || id === 'pkce' ? 'h3' : 'h2');
      h.id = id;
      h.className = 'anchor';
      vi.spyOn(h, 'getBoundingClientRect').mockImplementation(() => ({ top: tops[id], bottom: tops[id] + 30 }) as DOMRect);
      article.appendChild(h);
    }
    document.body.appendChild(article);
  }

  it('highlights the heading the reader is at from the next frame on, and follows scrolling', async () => {
    const tops = { 'before-you-start': -800, 'request-a-token': 200, scopes: 900, pkce: 1500 };
    headings(tops);
    renderWithSite(<TOC items={fixtureTOC()} />, { page: docPage() });
    const active = () => screen.getAllByRole('link').filter((a) => a.classList.contains('table-of-contents__link--active'));
    // Not measured inside the render's own task: that would lay out the whole page there.
    expect(active()).toEqual([]);
    await nextFrame();
    expect(active().map((a) => a.getAttribute('href'))).toEqual(['#request-a-token']);

    tops['request-a-token'] = -300;
    tops.scopes = 600; // below the middle of the 768 px viewport
    act(() => {
      document.dispatchEvent(new Event('scroll'));
    });
    expect(active().map((a) => a.getAttribute('href'))).toEqual(['#request-a-token']);

    tops.scopes = 100;
    act(() => {
      document.dispatchEvent(new Event('scroll'));
    });
    expect(active().map((a) => a.getAttribute('href'))).toEqual(['#scopes']);
  });

  it('measures from the top of the viewport when the navbar hides on scroll', async () => {
    const navbar = document.createElement('nav');
    navbar.className = 'navbar';
    vi.spyOn(navbar, 'getBoundingClientRect').mockReturnValue({ top: 0, bottom: 60, height: 60 } as DOMRect);
    document.body.appendChild(navbar);
    const tops = { 'before-you-start': -500, 'request-a-token': 30, scopes: 300, pkce: 2000 };
    headings(tops);
    const site = siteWithTheme({});
    renderWithSite(<TOC items={fixtureTOC()} />, { page: docPage() });
    await nextFrame();
    // request-a-token is under the 60 px navbar: the first heading below it is scopes.
    expect(screen.getByRole('link', { name: 'Scopes' })).toHaveClass('table-of-contents__link--active');
    document.body.innerHTML = '';
    document.body.appendChild(navbar);
    headings(tops);
    renderWithSite(<TOC items={fixtureTOC()} />, {
      page: docPage(),
      site: siteWithTheme({ navbar: { ...site.themeConfig.navbar, hideOnScroll: true } }),
    });
    await nextFrame();
    expect(screen.getByRole('link', { name: 'Request a token' })).toHaveClass('table-of-contents__link--active');
  });
});

describe('TOCMobile', () => {
  it('is collapsed at first behind an "On this page" button, and expands', () => {
    renderWithSite(<TOCMobile items={fixtureTOC()} />, { page: docPage() });
    const button = screen.getByRole('button', { name: 'On this page' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button.closest('.theme-doc-toc-mobile')).not.toBeNull();
    expect(screen.queryByRole('link', { name: 'Scopes' })).toBeNull();

    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const content = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(content).toHaveAttribute('data-state', 'open');
    expect(within(content).getByRole('link', { name: 'Scopes' })).toHaveAttribute('href', '#scopes');

    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(content).toHaveAttribute('data-state', 'closed');
  });
});
