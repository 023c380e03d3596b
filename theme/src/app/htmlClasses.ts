// The <html> element's page classes (reference 2.1): the plugin of the route
// (and the docs instance's id) and, on docs, the version and doc id. The server writes them into the
// document; after a client navigation the app swaps them for the new page's.
import type { PageData } from '../contract.gen';
import { pluginIdOf } from '../shell/docsInstances';

/** A blog route's page class, as Docusaurus's blog theme names it. */
const blogPageClasses: Partial<Record<PageData['kind'], string>> = {
  'blog-post': 'blog-post-page',
  'blog-tags': 'blog-tags-list-page',
  'blog-authors': 'blog-authors-list-page',
  'blog-archive': 'blog-archive-page',
};

function blogListClass(page: Pick<PageData, 'blog'>): string {
  if (page.blog?.list?.tag) return 'blog-tags-post-list-page';
  if (page.blog?.list?.author) return 'blog-authors-posts-page';
  return 'blog-list-page';
}

export function htmlClassNames(page: Pick<PageData, 'doc'> & Partial<Pick<PageData, 'kind' | 'blog'>>): string[] {
  if (page.blog && page.kind) {
    return ['plugin-blog', 'plugin-id-default', 'blog-wrapper', blogPageClasses[page.kind] ?? blogListClass(page)];
  }
  const doc = page.doc;
  if (!doc) return ['plugin-pages'];
  const classes = ['plugin-docs', `plugin-id-${pluginIdOf(doc)}`, 'docs-wrapper', `docs-version-${doc.version}`, 'docs-doc-page'];
  if (doc.id) classes.push(`docs-doc-id-${doc.id.replace(/\//g, '-')}`);
  return classes;
}

/** Replaces the previous page's classes with the next page's, keeping any others (nprogress-busy, …). */
export function swapHtmlClasses(previous: string[], next: string[], el: Element = document.documentElement): void {
  for (const c of previous) if (!next.includes(c)) el.classList.remove(c);
  for (const c of next) el.classList.add(c);
}
