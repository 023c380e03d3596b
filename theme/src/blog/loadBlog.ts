// The blog's components are a chunk of their own: a site without a blog,
// and every docs page, never downloads them. A blog page's first load
// fetches the chunk before it hydrates (entry-client.tsx), so the first
// client render is the server's; the server bundle registers the
// components at start (entry-server.tsx), as its render cannot wait.
import type { ComponentType } from 'react';
import type { PageData } from '../contract.gen';

export type BlogRouteComponent = ComponentType<{ page: PageData }>;

let loaded: BlogRouteComponent | null = null;
let pending: Promise<BlogRouteComponent> | null = null;

/** Whether a route is the blog's. */
export function isBlogKind(kind: PageData['kind']): boolean {
  return kind.startsWith('blog-');
}

/** The blog's route component once loaded (or registered), else null. */
export function loadedBlogRoute(): BlogRouteComponent | null {
  return loaded;
}

/** Loads the blog's chunk once; a failed download may be retried. */
export function loadBlogRoute(): Promise<BlogRouteComponent> {
  if (loaded) return Promise.resolve(loaded);
  pending ??= import('./BlogRoute').then(
    (mod) => (loaded = mod.BlogRoute),
    (err: unknown) => {
      pending = null;
      throw err;
    },
  );
  return pending;
}

/** Makes the component available at once (the server bundle, tests). */
export function registerBlogRoute(component: BlogRouteComponent): void {
  loaded = component;
}
