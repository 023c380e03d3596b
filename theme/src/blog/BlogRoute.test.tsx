import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BlogPost, PageData } from '../contract.gen';
import { renderWithSite, setWindowWidth } from '../shell/test-utils';
import { readingTimeLabel } from './BlogPostItem';
import { BlogRoute } from './BlogRoute';

const sidebar = {
  title: 'Recent posts',
  items: [
    { title: 'Second', permalink: '/blog/2024/02/01/second/', year: '2024' },
    { title: 'First', permalink: '/blog/2023/01/02/first/', year: '2023' },
  ],
};

function post(over: Partial<BlogPost> = {}): BlogPost {
  return {
    title: 'Second',
    permalink: '/blog/2024/02/01/second/',
    date: '2024-02-01T00:00:00Z',
    formattedDate: 'February 1, 2024',
    readingTime: 3,
    authors: [{ key: 'ada', name: 'Ada Lovelace', title: 'Analyst', permalink: '/blog/authors/ada/' }],
    tags: [{ label: 'Release notes', permalink: '/blog/tags/release-notes/' }],
    ...over,
  };
}

function page(over: Partial<PageData>): PageData {
  return { path: '/blog/', kind: 'blog-list', title: 'Blog', canonical: '', alternates: [], html: '', toc: [], ...over };
}

describe('BlogRoute', () => {
  it('lists excerpts with Read more, the recent posts and the list pagination', () => {
    const p = page({
      blog: { sidebar, items: [post({ truncated: true, html: '<p>Before the marker.</p>' })], list: { page: 1, pages: 2, older: '/blog/page/2/', count: 2 } },
    });
    renderWithSite(<BlogRoute page={p} />, { page: p });
    expect(within(screen.getByRole('heading', { level: 2, name: 'Second' })).getByRole('link')).toHaveAttribute('href', '/blog/2024/02/01/second/');
    expect(screen.getByText('Before the marker.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read more about Second' })).toHaveAttribute('href', '/blog/2024/02/01/second/');
    expect(screen.getByText('3 min read', { exact: false })).toBeInTheDocument();
    const recent = screen.getByRole('navigation', { name: 'Blog recent posts navigation' });
    expect(within(recent).getByRole('heading', { name: '2023' })).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Blog list page navigation' });
    expect(within(pages).getByRole('link', { name: 'Older entries »' })).toHaveAttribute('href', '/blog/page/2/');
    expect(within(pages).queryByText('« Newer entries')).toBeNull();
  });

  it('shows a post with its title as the heading, its tags, authors and neighbours', () => {
    const p = page({
      path: '/blog/2024/02/01/second/',
      kind: 'blog-post',
      title: 'Second',
      html: '<p>The whole post.</p>',
      blog: { sidebar, post: post(), older: { title: 'First', permalink: '/blog/2023/01/02/first/' } },
    });
    renderWithSite(<BlogRoute page={p} />, { page: p });
    expect(screen.getByRole('heading', { level: 1, name: 'Second' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Release notes' })).toHaveAttribute('href', '/blog/tags/release-notes/');
    expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/blog/authors/ada/');
    const recent = screen.getByRole('navigation', { name: 'Blog recent posts navigation' });
    expect(within(recent).getByRole('link', { name: 'Second' })).toHaveAttribute('aria-current', 'page');
    const nav = screen.getByRole('navigation', { name: 'Blog post page navigation' });
    expect(within(nav).getByRole('link', { name: /Older post/ })).toHaveAttribute('href', '/blog/2023/01/02/first/');
    expect(screen.queryByText('Read more')).toBeNull();
  });

  it('says reading time as Docusaurus does', () => {
    expect(readingTimeLabel(1)).toBe('One min read');
    expect(readingTimeLabel(4)).toBe('4 min read');
  });
});

describe('BlogRoute on mobile', () => {
  it('puts the recent posts in the navbar secondary menu, not beside the post', () => {
    setWindowWidth(375);
    const p = page({ blog: { sidebar, items: [], list: { page: 1, pages: 1, count: 0 } } });
    renderWithSite(<BlogRoute page={p} />, { page: p });
    expect(screen.queryByRole('navigation', { name: 'Blog recent posts navigation' })).toBeNull();
    setWindowWidth(1024);
  });
});
