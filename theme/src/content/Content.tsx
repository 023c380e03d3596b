// The page's Markdown, rendered to HTML by the engine (authors are trusted,
// as in any docs engine). The HTML is inserted as it is, on the server and
// when hydrating, so hydration always matches; after hydration effects add
// behaviour to it: copy and word-wrap buttons on code blocks, animated
// <details>, tabs, client-side navigation for site links, focusable
// scrolling regions, and mermaid diagrams (each rendered as it nears the
// viewport). Each enhancement undoes itself when the page changes.
import * as React from 'react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import * as ReactDOM from 'react-dom';
import { hydrateRoot } from 'react-dom/client';
import * as jsxRuntime from 'react/jsx-runtime';
import { POSITIONED_ATTRIBUTE } from '../inlineScripts';
import { useSite } from '../app/SiteContext';
import { useColorMode } from '../shell/colorMode';
import { useScrollController } from '../shell/scrollController';
import { enhanceCodeBlocks } from './codeBlocks';
import { enhanceDetails } from './details';
import { CONTENT_ATTRIBUTE } from './contentFromDom';
import { watchMermaidDiagrams } from './mermaid';
import { enhanceTabs } from './tabs';
import { enhanceLinks, makeScrollablesFocusable } from './links';
import { markSkippedBlocks } from './skippedBlocks';
import { useRouter } from '../app/router';

/** site/SiteComponent.tsx's element; written here so that the page's bundle does not carry that module. */
const ISLAND_TAG = 'portal-island';

interface ContentProps {
  html: string;
  className?: string;
  /** The page has mermaid diagrams: load the library and render them. */
  hasMermaid?: boolean;
}

export function Content({ html, className, hasMermaid = false }: ContentProps) {
  const ref = useRef<HTMLDivElement>(null);
  const themes = useSite().themeConfig.mermaid.theme;
  const { colorMode } = useColorMode();
  const mermaidTheme = colorMode === 'dark' ? themes.dark : themes.light;
  const { disableScrollEvents, enableScrollEvents } = useScrollController();
  const { navigate, prefetch } = useRouter();

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    // Keeping a switched tab in place scrolls the page; the navbar and the
    // back-to-top button must not take that for the reader scrolling.
    const scrollBy = (dy: number) => {
      disableScrollEvents();
      window.scrollBy(0, dy);
      requestAnimationFrame(() => enableScrollEvents());
    };
    const undo = [
      enhanceCodeBlocks(root),
      enhanceDetails(root),
      enhanceTabs(root, { scrollBy }),
      enhanceLinks(root, { navigate, prefetch }),
      makeScrollablesFocusable(root),
      markSkippedBlocks(root),
    ];
    return () => undo.forEach((u) => u());
  }, [html, disableScrollEvents, enableScrollEvents, navigate, prefetch]);

  // A page arriving at an anchor renders all its blocks, as one opened at an
  // anchor does (inlineScripts.ts; theme.css): set before the router scrolls
  // to the anchor. A jump within the page (a click) keeps the lazy blocks.
  // The first page keeps what the head script decided.
  const firstPage = useRef(true);
  useLayoutEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    document.documentElement.toggleAttribute(POSITIONED_ATTRIBUTE, window.location.hash.length > 1);
  }, [html]);

  // The site's own components (site/islands.ts), whose runtime loads only where a page has one.
  useEffect(() => {
    const root = ref.current;
    const runtime = root?.querySelector<HTMLElement>(ISLAND_TAG)?.dataset.runtime;
    if (!root || !runtime) return;
    // The runtime shares the page's React; site/load.ts, a chunk of its own, loads it.
    const loading = import('../site/load').then(({ hydrateSiteComponents }) =>
      hydrateSiteComponents(root, runtime, { React, ReactDOM, ReactDOMClient: { hydrateRoot }, jsxRuntime }),
    );
    return () => void loading.then((undo) => undo());
  }, [html]);

  useEffect(() => {
    const root = ref.current;
    if (!hasMermaid || !root) return;
    return watchMermaidDiagrams(root, mermaidTheme);
  }, [html, hasMermaid, mermaidTheme]);

  // The attribute lets the client find the prerendered content before it
  // hydrates (contentFromDom.ts): the initial data does not repeat it.
  return <div ref={ref} className={className} {...{ [CONTENT_ATTRIBUTE]: '' }} dangerouslySetInnerHTML={{ __html: html }} />;
}
