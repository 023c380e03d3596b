// The blog's components are a chunk of their own (app/routeChunk.ts): a
// site without a blog, and every docs page, never downloads them.
import type { PageData } from '../contract.gen';
import { routeChunk } from '../app/routeChunk';

/** Whether a route is the blog's. */
export function isBlogKind(kind: PageData['kind']): boolean {
  return kind.startsWith('blog-');
}

export const blogRoute = routeChunk(() => import('./BlogRoute').then((mod) => mod.BlogRoute));
