// Which routes have their components in a chunk of their own (routeChunk.ts).
import type { PageData } from '../contract.gen';
import { blogRoute, isBlogKind } from '../blog/loadBlog';
import { searchPageRoute } from '../search/page/load';
import type { RouteChunk } from './routeChunk';

/** The chunk of a route's components, or null when the client bundle holds them. */
export function routeChunkOf(kind: PageData['kind']): RouteChunk | null {
  if (isBlogKind(kind)) return blogRoute;
  if (kind === 'search') return searchPageRoute;
  return null;
}
