// The server bundle's entry: the Go engine evaluates this bundle in an
// embedded JavaScript engine and calls portalRender once per route.
import type { ReactNode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server.browser';
import type { RenderInput, SharedRenderData, SidebarsData } from './contract.gen';
import { App } from './app/App';
import { StaticRouter } from './app/router';
import { EngineWritesDocMain } from './docs/DocsRoute';
import { setExternalIconHtml } from './docs/sidebarHtml';
import { renderDocument } from './document';
import { renderToHtml, markBuildConstant, resetBuildCache } from './serverRender';
import { ColorModeToggle } from './shell/ColorModeToggle';
import { sidebarsKey } from './shell/docsInstances';
import { ExternalIcon, Footer } from './shell/Footer';
import { NavbarLogo } from './shell/navbar/NavbarLogo';
import { shellPageKey } from './shell/navbar/pageKey';
import { SkipToContent } from './shell/SkipToContent';
import { splitUrl } from './utils/links';

// The sidebar is written as a string on the server (docs/sidebarHtml.ts);
// its one icon is rendered by React once, here.
setExternalIconHtml(renderToStaticMarkup(<ExternalIcon />));

// Parts of the shell whose markup depends only on the site config: the
// server renderer writes them once per build and reuses them on every page
// (serverRender.ts, markBuildConstant). The equivalence tests render every
// page of the test sites both ways.
markBuildConstant(Footer);
markBuildConstant(ColorModeToggle);
markBuildConstant(NavbarLogo);
markBuildConstant(SkipToContent);

// The site data and sidebars every page of the build shares: the engine
// hands them over once per JavaScript engine, so a page's render parses only
// its own data, whatever the size of the site. The sidebars stay JSON text
// until a page the theme renders whole needs one: doc pages' main areas,
// sidebar included, are the engine's (RenderInput.docMain).
let shared: SharedRenderData | undefined;
let sidebars: SidebarsData | undefined;

function portalShare(sharedJSON: string): void {
  shared = JSON.parse(sharedJSON) as SharedRenderData;
  sidebars = undefined;
  resetBuildCache();
  docShells = newDocShells();
}

// A doc page whose main area the engine writes (RenderInput.docMain) gets
// from the theme only the shell around a placeholder, and that shell shows
// of the page only what its navbar and base URL banner show: the doc pages
// with the same shellPageKey get the same markup, rendered once. The
// equivalence tests render every page of the test sites and of the portal
// both ways, the default build in one engine. At most 64 shells are kept,
// and a site whose pages all differ (a key that names each page) stops
// looking once it does not pay.
const docShellsKept = 64;

function newDocShells() {
  return { shells: new Map<string, string>(), hits: 0, misses: 0 };
}

let docShells = newDocShells();

function docShellKey(input: RenderInput, site: SharedRenderData['site'], pathname: string): string | null {
  if (input.docMain !== true || input.page.kind !== 'doc' || shared?.renderer) return null;
  if (docShells.misses >= docShellsKept && docShells.hits < docShells.misses) return null;
  return shellPageKey(site, input.page, pathname);
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
  // With docMain the theme writes a placeholder where the sidebar goes.
  const sidebar = doc?.sidebar && !input.docMain ? (sharedSidebars(shared)[sidebarsKey(doc)]?.[doc.sidebar] ?? null) : null;
  const location = { ...splitUrl(input.page.path), search: '', hash: '' };
  // 'react' and 'own' render every page whole: they are what the
  // equivalence tests compare the default renderer with.
  const shellKey = docShellKey(input, site, location.pathname);
  const kept = shellKey === null ? undefined : docShells.shells.get(shellKey);
  if (kept !== undefined) {
    docShells.hits++;
    return renderDocument(input, site, kept);
  }
  const appHtml = renderApp(
    <EngineWritesDocMain.Provider value={input.docMain === true}>
      <App
        site={site}
        router={(children) => (
          <StaticRouter location={location} page={input.page} sidebar={sidebar}>
            {children}
          </StaticRouter>
        )}
      />
    </EngineWritesDocMain.Provider>,
    shared.renderer,
  );
  if (shellKey !== null) {
    docShells.misses++;
    if (docShells.shells.size < docShellsKept) docShells.shells.set(shellKey, appHtml);
  }
  return renderDocument(input, site, appHtml);
}

const global = globalThis as unknown as { portalRender: typeof portalRender; portalShare: typeof portalShare };
global.portalShare = portalShare;
global.portalRender = portalRender;
