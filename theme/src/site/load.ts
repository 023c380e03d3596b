// Starts the site-components runtime (vite.site.config.ts) on a page whose
// content has islands: a chunk of its own, so that other pages do not carry
// it. It imports no React (which would split React out of the client
// bundle's entry, rolldown/rolldown#10731): Content hands it the page's.
import type * as React from 'react';
import type * as ReactDOM from 'react-dom';
import type * as ReactDOMClient from 'react-dom/client';
import type * as jsxRuntime from 'react/jsx-runtime';

export interface PageReact {
  React: typeof React;
  ReactDOM: typeof ReactDOM;
  /** The runtime hydrates islands (site/islands.ts) and needs nothing else of react-dom/client. */
  ReactDOMClient: Pick<typeof ReactDOMClient, 'hydrateRoot'>;
  jsxRuntime: typeof jsxRuntime;
}

declare global {
  // The page's React, which the runtime's imports of React are mapped onto.
  var __portalReact: PageReact | undefined;
}

/** Hydrates root's islands with the runtime script, loaded once; the returned function unmounts them. */
export function hydrateSiteComponents(root: HTMLElement, runtime: string, react: PageReact): () => void {
  let undo: (() => void) | undefined;
  let cancelled = false;
  const run = () => {
    const hydrate = globalThis.__portalHydrateIslands;
    if (hydrate && !cancelled) undo = hydrate(root);
  };
  if (globalThis.__portalHydrateIslands) run();
  else {
    globalThis.__portalReact ??= react;
    const script = document.createElement('script');
    script.src = runtime;
    script.onload = run;
    document.head.append(script);
  }
  return () => {
    cancelled = true;
    undo?.();
  };
}
