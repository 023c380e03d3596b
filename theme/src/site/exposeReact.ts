// The page's React, for the site-components runtime (vite.site.config.ts
// maps its imports of React onto these globals).
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import * as jsxRuntime from 'react/jsx-runtime';

declare global {
  var __portalReact: { React: typeof React; ReactDOM: typeof ReactDOM; ReactDOMClient: typeof ReactDOMClient; jsxRuntime: typeof jsxRuntime } | undefined;
}

export function exposeReact(): void {
  globalThis.__portalReact ??= { React, ReactDOM, ReactDOMClient, jsxRuntime };
}
