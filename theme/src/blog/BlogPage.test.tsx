import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PageData } from '../contract.gen';
import { renderWithSite } from '../shell/test-utils';
import { BlogPage } from './BlogPage';
import { isBlogKind, loadBlogRoute, loadedBlogRoute } from './loadBlog';

const page: PageData = {
  path: '/blog/archive/',
  kind: 'blog-archive',
  title: 'Archive',
  canonical: '',
  alternates: [],
  html: '',
  toc: [],
  blog: { sidebar: { title: 'Recent posts', items: [] }, archive: [{ year: '2024', posts: [] }] },
};

describe('BlogPage', () => {
  it('loads the blog chunk on a client navigation, then shows the page', async () => {
    expect(loadedBlogRoute()).toBeNull();
    renderWithSite(<BlogPage page={page} />, { page });
    expect(await screen.findByRole('heading', { level: 1, name: 'Archive' })).toBeInTheDocument();
    expect(loadedBlogRoute()).not.toBeNull();
    expect(await loadBlogRoute()).toBe(loadedBlogRoute());
  });

  it('knows the blog routes by their kind', () => {
    expect(isBlogKind('blog-post')).toBe(true);
    expect(isBlogKind('doc')).toBe(false);
  });
});
