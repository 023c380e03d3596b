// The server bundle's entry: the Go engine evaluates this bundle in an
// embedded JavaScript engine and calls portalRender once per route.
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server.browser';
import type { RenderInput, SharedRenderData, SidebarsData } from './contract.gen';
import { App } from './app/App';
import { BlogRoute } from './blog/BlogRoute';
import { blogRoute } from './blog/loadBlog';
import { SearchPage } from './search/page/SearchPage';
import { searchPageRoute } from './search/page/load';
import { StaticRouter } from './app/router';
import { CategoryHeader, categoryHeaderMemoKey, SidebarItemView, sidebarItemMemoKey } from './docs/DocSidebar';
import { CodeLine } from './content/components/CodeBlock';
import { renderComponents } from './content/components/render';
import { installSiteRuntime } from './site/provided';
import { renderDocument } from './document';
import { renderToHtml, markBuildConstant, resetBuildCache } from './serverRender';
import { ColorModeToggle } from './shell/ColorModeToggle';
import { sidebarsKey } from './shell/docsInstances';
import { Footer } from './shell/Footer';
import { Navbar, navbarMemoKey } from './shell/navbar/Navbar';
import { NavbarLogo } from './shell/navbar/NavbarLogo';
import { SkipToContent } from './shell/SkipToContent';
import { splitUrl } from './utils/links';

// Parts of the pages whose markup depends only on the site config, the
// sidebars and their props: the server renderer writes each once per build
// and key and reuses it on every page (serverRender.ts, markBuildConstant).
// The equivalence tests render every page of the test sites and of the
// portal both ways.
markBuildConstant(Footer);
markBuildConstant(ColorModeToggle);
markBuildConstant(NavbarLogo);
markBuildConstant(SkipToContent);
markBuildConstant(SidebarItemView, sidebarItemMemoKey);
markBuildConstant(CategoryHeader, categoryHeaderMemoKey);
markBuildConstant(Navbar, navbarMemoKey);
markBuildConstant(CodeLine);

// The client loads a route's chunk when it needs it (app/routeChunk.ts); a
// render here cannot wait, so the server bundle holds them from the start.
blogRoute.register(BlogRoute);
searchPageRoute.register(SearchPage);

// The site data and sidebars every page of the build shares: the engine
// hands them over once per JavaScript engine, so a page's render parses only
// its own data, whatever the size of the site. The sidebars stay JSON text
// until a page with a sidebar needs them.
let shared: SharedRenderData | undefined;
let sidebars: SidebarsData | undefined;

function portalShare(sharedJSON: string): void {
  shared = JSON.parse(sharedJSON) as SharedRenderData;
  sidebars = undefined;
  resetBuildCache();
}

function sharedSidebars(data: SharedRenderData): SidebarsData {
  if (data.sidebarsJson === undefined) throw new Error('portalRender: a page with a sidebar, and the engine gave no sidebars (SharedRenderData.sidebarsJson)');
  return (sidebars ??= JSON.parse(data.sidebarsJson) as SidebarsData);
}

// renderApp renders with the theme's own server renderer, which writes what
// react-dom/server writes in a fraction of the time, and with React's when
// it meets something it does not reproduce (or an error, which React then
// reports as it always has).
function renderApp(app: ReactNode, renderer: string | undefined): string {
  if (renderer === 'react') return renderToString(app);
  if (renderer === 'own') return renderToHtml(app);
  try {
    return renderToHtml(app);
  } catch {
    return renderToString(app);
  }
}

function portalRender(inputJSON: string): string {
  if (!shared) throw new Error('portalRender: the engine gave no shared data (portalShare)');
  const input = JSON.parse(inputJSON) as RenderInput;
  const { site } = shared;
  const doc = input.page.doc;
  const sidebar = doc?.sidebar ? (sharedSidebars(shared)[sidebarsKey(doc)]?.[doc.sidebar] ?? null) : null;
  const location = { ...splitUrl(input.page.path), search: '', hash: '' };
  const appHtml = renderApp(
    <App
      site={site}
      router={(children) => (
        <StaticRouter location={location} page={input.page} sidebar={sidebar}>
          {children}
        </StaticRouter>
      )}
    />,
    shared.renderer,
  );
  return renderDocument(input, site, appHtml);
}

// The theme components a page's Markdown asks for, rendered before the
// page is (content/components/render.tsx).
function portalComponents(inputJSON: string): string {
  return renderComponents(inputJSON, renderApp);
}

const global = globalThis as unknown as {
  portalRender: typeof portalRender;
  portalShare: typeof portalShare;
  portalComponents: typeof portalComponents;
};
global.portalShare = portalShare;
global.portalRender = portalRender;
global.portalComponents = portalComponents;
// Before any site module's script runs in this engine (pipeline/sitecomponents.go).
installSiteRuntime();
