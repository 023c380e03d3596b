// Hydrates the site's own components in a page's content (SiteComponent):
// loads the site context and each module's script once, then hydrates each
// island as a React root of its own. Loaded only on pages that have one.
import { createElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { installSiteRuntime, type PageContextData } from './provided';
import { CHILDREN_TAG, ISLAND_TAG, IslandContent } from './SiteComponent';

const loaded = new Map<string, Promise<void>>();

function loadScript(src: string): Promise<void> {
  let promise = loaded.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(`Portal: could not load ${src}`));
      document.head.appendChild(script);
    });
    loaded.set(src, promise);
  }
  return promise;
}

/** The island's own children element: not one of an island nested in it. */
function ownChildren(island: Element): Element | undefined {
  return Array.from(island.querySelectorAll(CHILDREN_TAG)).find((c) => c.closest(ISLAND_TAG) === island);
}

async function hydrateIsland(island: HTMLElement): Promise<Root | null> {
  const { module, export: name, props, script, context, page } = island.dataset;
  if (!module || !name || !script || !context) return null;
  await loadScript(context);
  await loadScript(script);
  const childrenHTML = ownChildren(island)?.innerHTML;
  const parsed = JSON.parse(props ?? '{}') as Record<string, unknown>;
  const pageData = page ? (JSON.parse(page) as PageContextData) : null;
  return hydrateRoot(island, createElement(IslandContent, { module, name, props: parsed, page: pageData, childrenHTML }));
}

/** Hydrates every island under root, outermost first; the returned function unmounts them. */
export function hydrateIslands(root: HTMLElement): () => void {
  installSiteRuntime();
  const roots: Root[] = [];
  let cancelled = false;
  const islands = Array.from(root.querySelectorAll<HTMLElement>(ISLAND_TAG));
  void (async () => {
    for (const island of islands) {
      if (cancelled) return;
      try {
        const r = await hydrateIsland(island);
        if (r) roots.push(r);
      } catch (error) {
        // The server's markup stays; only the component's interactivity is lost.
        console.error('Portal: could not hydrate a site component:', error);
      }
    }
  })();
  return () => {
    cancelled = true;
    roots.forEach((r) => r.unmount());
  };
}
