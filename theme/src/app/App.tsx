// The whole reader experience: providers, the layout, and the page for the
// current route. Shared by the server render and the browser.
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { PageData, SidebarItem, SiteData } from '../contract.gen';
import { DocsRoute } from '../docs/DocsRoute';
import { HomePage } from '../pages/HomePage';
import { MarkdownPage } from '../pages/MarkdownPage';
import { NotFound } from '../pages/NotFound';
import { ColorModeProvider } from '../shell/colorMode';
import { Layout } from '../shell/Layout';
import { missingDefaultExportError } from './data';
import { htmlClassNames, swapHtmlClasses } from './htmlClasses';
import { AppCrash, ErrorBoundary, type FallbackProps } from './ErrorBoundary';
import { LoadFailed, Loading } from './Loading';
import { useRouter } from './router';
import { SiteProvider } from './SiteContext';
import { pageTitle } from '../head';
import { RouteChunkPage } from './RouteChunkPage';
import { routeChunkOf } from './routeChunks';

export function PageBody({ page, sidebar }: { page: PageData; sidebar: SidebarItem[] | null }) {
  const chunk = routeChunkOf(page.kind);
  if (chunk) return <RouteChunkPage page={page} chunk={chunk} />;
  switch (page.kind) {
    case 'home':
      return <HomePage page={page} />;
    case 'doc':
    case 'generated-index':
      // One docs layout for both, so the sidebar's state survives moving between them.
      return <DocsRoute page={page} sidebar={sidebar} />;
    case 'not-found':
      return <NotFound />;
    default:
      return <MarkdownPage page={page} />;
  }
}

/** The page for the current route, or its loading state (reference 7.1). */
export function CurrentPage() {
  const { state, retry } = useRouter();
  switch (state.status) {
    case 'loading':
      return <Loading />;
    case 'error':
      return <LoadFailed error={state.error} retry={retry} />;
    case 'invalid':
      // Thrown while rendering, so the page's error boundary shows it.
      throw missingDefaultExportError(state.routePath);
    default:
      return <PageBody page={state.page} sidebar={state.sidebar} />;
  }
}

const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Keeps the document in step with client-side navigation: its title and the
 * page classes on <html>; marks it hydrated.
 */
function DocumentSync({ site }: { site: SiteData }) {
  const { state } = useRouter();
  const shownClasses = useRef<string[] | null>(null);
  useIsomorphicLayoutEffect(() => {
    if (state.status !== 'loaded') return;
    document.title = pageTitle(site, state.page);
    const next = htmlClassNames(state.page);
    // The first page's classes came with the server HTML.
    if (shownClasses.current) swapHtmlClasses(shownClasses.current, next);
    shownClasses.current = next;
  }, [site, state]);
  useEffect(() => {
    document.documentElement.setAttribute('data-has-hydrated', 'true');
  }, []);
  return null;
}

type RouterSlot = (children: ReactNode) => ReactNode;

function Shell({ site, router, children }: { site: SiteData; router: RouterSlot; children: ReactNode }) {
  return (
    <SiteProvider site={site}>
      {router(
        <ColorModeProvider>
          <DocumentSync site={site} />
          <Layout>{children}</Layout>
        </ColorModeProvider>,
      )}
    </SiteProvider>
  );
}

/**
 * The app-level fallback (reference 7.8, outer boundary): the crash inside
 * the layout if the layout still renders, otherwise on its own.
 */
function AppFallback({ site, router, crash }: { site: SiteData; router: RouterSlot; crash: FallbackProps }) {
  return (
    <ErrorBoundary fallback={() => <AppCrash {...crash} />}>
      <Shell site={site} router={router}>
        <AppCrash {...crash} />
      </Shell>
    </ErrorBoundary>
  );
}

export function App({ site, router }: { site: SiteData; router: RouterSlot }) {
  return (
    <ErrorBoundary fallback={(crash) => <AppFallback site={site} router={router} crash={crash} />}>
      <Shell site={site} router={router}>
        <CurrentPage />
      </Shell>
    </ErrorBoundary>
  );
}
