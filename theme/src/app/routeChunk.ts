// A route's components in a chunk of their own (the blog's, the search
// page's): pages of other kinds never download them. A page's first load
// fetches its chunk before it hydrates (entry-client.tsx), so the first
// client render is the server's; the server bundle registers the
// components at start (entry-server.tsx), as its render cannot wait.
import type { ComponentType } from 'react';
import type { PageData } from '../contract.gen';

export type RouteComponent = ComponentType<{ page: PageData }>;

export interface RouteChunk {
  /** The route's component once loaded (or registered), else null. */
  loaded(): RouteComponent | null;
  /** Loads the chunk once; a failed download may be retried. */
  load(): Promise<RouteComponent>;
  /** Makes the component available at once (the server bundle, tests). */
  register(component: RouteComponent): void;
}

export function routeChunk(importer: () => Promise<RouteComponent>): RouteChunk {
  let loaded: RouteComponent | null = null;
  let pending: Promise<RouteComponent> | null = null;
  return {
    loaded: () => loaded,
    load() {
      if (loaded) return Promise.resolve(loaded);
      pending ??= importer().then(
        (component) => (loaded = component),
        (err: unknown) => {
          pending = null;
          throw err;
        },
      );
      return pending;
    },
    register(component) {
      loaded = component;
    },
  };
}
