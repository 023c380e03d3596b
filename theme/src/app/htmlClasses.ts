// The <html> element's page classes (reference 2.1): the plugin of the route
// (and the docs instance's id) and, on docs, the version and doc id. The server writes them into the
// document; after a client navigation the app swaps them for the new page's.
import type { PageData } from '../contract.gen';
import { pluginIdOf } from '../shell/docsInstances';

export function htmlClassNames(page: Pick<PageData, 'doc'>): string[] {
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
