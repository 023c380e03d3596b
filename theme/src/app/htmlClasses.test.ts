import { describe, expect, it } from 'vitest';
import { renderDocument } from '../document';
import type { RenderInput } from '../contract.gen';
import { htmlClassNames, swapHtmlClasses } from './htmlClasses';
import { homePage, introPage, site } from './testFixtures';

describe('html classes', () => {
  it('names the plugin, version and doc id', () => {
    expect(htmlClassNames(homePage)).toEqual(['plugin-pages']);
    expect(htmlClassNames({ doc: { id: 'getting-started/authorization', version: 'current' } })).toEqual([
      'plugin-docs',
      'plugin-id-default',
      'docs-wrapper',
      'docs-version-current',
      'docs-doc-page',
      'docs-doc-id-getting-started-authorization',
    ]);
  });

  it('names the blog and the kind of blog page', () => {
    const sidebar = { title: 'Recent posts', items: [] };
    expect(htmlClassNames({ kind: 'blog-post', blog: { sidebar } })).toEqual(['plugin-blog', 'plugin-id-default', 'blog-wrapper', 'blog-post-page']);
    expect(htmlClassNames({ kind: 'blog-list', blog: { sidebar, list: { page: 1, pages: 1, count: 0 } } })).toContain('blog-list-page');
    expect(
      htmlClassNames({ kind: 'blog-list', blog: { sidebar, list: { page: 1, pages: 1, count: 1, tag: { label: 'a', permalink: '/blog/tags/a/' } } } }),
    ).toContain('blog-tags-post-list-page');
  });

  it('names the docs instance of a doc of another instance', () => {
    expect(htmlClassNames({ doc: { id: 'intro', version: '2.0', pluginId: 'sdk' } })).toEqual([
      'plugin-docs',
      'plugin-id-sdk',
      'docs-wrapper',
      'docs-version-2.0',
      'docs-doc-page',
      'docs-doc-id-intro',
    ]);
  });

  it('are the classes the server writes into the document', () => {
    for (const page of [homePage, introPage]) {
      const input: RenderInput = { page, assets: { scripts: [], styles: [], preload: [] }, siteUrl: '/site.json', manifestUrl: '/routes.json', sidebarsUrl: '/s.json' };
      const html = renderDocument(input, site, '');
      const cls = /<html[^>]*\sclass="([^"]*)"/.exec(html)![1].split(/\s+/).filter(Boolean);
      expect(cls).toEqual(htmlClassNames(page));
    }
  });

  it('swaps page classes and keeps the others', () => {
    const el = document.createElement('html');
    el.className = 'plugin-pages nprogress-busy';
    swapHtmlClasses(['plugin-pages'], htmlClassNames(introPage), el);
    expect(el.className.split(' ')).toEqual(['nprogress-busy', ...htmlClassNames(introPage)]);
  });
});
