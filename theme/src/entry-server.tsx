// The server bundle's entry: the Go engine evaluates this bundle in an
// embedded JavaScript engine and calls portalRender once per route.
import { renderToStaticMarkup, renderToString } from 'react-dom/server.browser';
import type { RenderInput, SharedRenderData } from './contract.gen';
import { App } from './app/App';
import { StaticRouter } from './app/router';
import { setExternalIconHtml } from './docs/sidebarHtml';
import { renderDocument } from './document';
import { sidebarsKey } from './shell/docsInstances';
import { ExternalIcon } from './shell/Footer';
import { splitUrl } from './utils/links';

// The sidebar is written as a string on the server (docs/sidebarHtml.ts);
// its one icon is rendered by React once, here.
setExternalIconHtml(renderToStaticMarkup(<ExternalIcon />));

// The site data and sidebars every page of the build shares: the engine
// hands them over once per JavaScript engine, so a page's render parses only
// its own data, whatever the size of the site.
let shared: SharedRenderData | undefined;

function portalShare(sharedJSON: string): void {
  shared = JSON.parse(sharedJSON) as SharedRenderData;
}

function portalRender(inputJSON: string): string {
  if (!shared) throw new Error('portalRender: the engine gave no shared data (portalShare)');
  const input = JSON.parse(inputJSON) as RenderInput;
  const { site, sidebars } = shared;
  const doc = input.page.doc;
  const sidebar = doc?.sidebar ? (sidebars[sidebarsKey(doc)]?.[doc.sidebar] ?? null) : null;
  const location = { ...splitUrl(input.page.path), search: '', hash: '' };
  const appHtml = renderToString(
    <App
      site={site}
      router={(children) => (
        <StaticRouter location={location} page={input.page} sidebar={sidebar}>
          {children}
        </StaticRouter>
      )}
    />,
  );
  return renderDocument(input, site, appHtml);
}

const global = globalThis as unknown as { portalRender: typeof portalRender; portalShare: typeof portalShare };
global.portalShare = portalShare;
global.portalRender = portalRender;
