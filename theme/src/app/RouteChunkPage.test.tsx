import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PageData } from '../contract.gen';
import { renderWithSite } from '../shell/test-utils';
import { blogRoute, isBlogKind } from '../blog/loadBlog';
import { RouteChunkPage } from './RouteChunkPage';
import { routeChunk } from './routeChunk';
import { routeChunkOf } from './routeChunks';
import { searchPageRoute } from '../search/page/load';

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

describe('RouteChunkPage', () => {
  it('loads the blog chunk on a client navigation, then shows the page', async () => {
    expect(blogRoute.loaded()).toBeNull();
    renderWithSite(<RouteChunkPage page={page} chunk={blogRoute} />, { page });
    expect(await screen.findByRole('heading', { level: 1, name: 'Archive' })).toBeInTheDocument();
    expect(blogRoute.loaded()).not.toBeNull();
    expect(await blogRoute.load()).toBe(blogRoute.loaded());
  });

  it('shows the error with Retry when the chunk fails, and loads it on Retry', async () => {
    let fail = true;
    const chunk = routeChunk(async () => {
      if (fail) throw new Error('chunk download failed');
      return ({ page: shown }: { page: PageData }) => <h1>{shown.title}</h1>;
    });
    renderWithSite(<RouteChunkPage page={page} chunk={chunk} />, { page });
    expect(await screen.findByText(/chunk download failed/)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Archive' })).toBeInTheDocument();
  });

  it('knows which routes have a chunk by their kind', () => {
    expect(isBlogKind('blog-post')).toBe(true);
    expect(isBlogKind('doc')).toBe(false);
    expect(routeChunkOf('blog-list')).toBe(blogRoute);
    expect(routeChunkOf('search')).toBe(searchPageRoute);
    expect(routeChunkOf('doc')).toBeNull();
  });
});
