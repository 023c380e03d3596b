// The client bundle's entry: hydrates the prerendered page with exactly the
// data the server rendered it from (so the first client render equals the
// server render), then routes on the client.
import { hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { fetchJSON, loadSidebars } from './app/data';
import { BrowserRouter } from './app/router';
import { routeChunkOf } from './app/routeChunks';
import { withContentFromDom } from './content/contentFromDom';
import type { SiteData } from './contract.gen';
import { DATA_ID, ROOT_ID, type InitialData } from './document';
import { sidebarsKey } from './shell/docsInstances';
import './styles/theme.css';

declare global {
  interface Window {
    /** Set as soon as the client bundle runs; the base-URL issue check looks for it (reference 7.9). */
    __portalHydrated?: boolean;
  }
}

async function start() {
  window.__portalHydrated = true;
  const dataElement = document.getElementById(DATA_ID);
  const root = document.getElementById(ROOT_ID);
  if (!dataElement || !root) throw new Error('Portal: the page has no prerendered app to hydrate');
  const initial = JSON.parse(dataElement.textContent ?? '{}') as InitialData;
  if (!initial.page || !initial.siteUrl) throw new Error('Portal: the page data has no page or site data to hydrate');
  // Read before hydrating: the content's effects change the DOM afterwards.
  const page = withContentFromDom(initial.page, root);
  // Shared by every page and cached by URL; the document preloads both, so
  // they are usually in by the time this bundle runs.
  const doc = page.doc;
  const [site, sidebars] = await Promise.all([
    fetchJSON<SiteData>(initial.siteUrl),
    doc?.sidebar ? loadSidebars(initial.sidebarsUrl) : Promise.resolve(null),
    routeChunkOf(page.kind)?.load() ?? Promise.resolve(null),
  ]);
  const sidebar = doc?.sidebar ? (sidebars?.[sidebarsKey(doc)]?.[doc.sidebar] ?? null) : null;
  hydrateRoot(
    root,
    <App
      site={site}
      router={(children) => (
        <BrowserRouter manifestUrl={initial.manifestUrl} sidebarsUrl={initial.sidebarsUrl} initial={{ page, sidebar }}>
          {children}
        </BrowserRouter>
      )}
    />,
  );
}

start().catch((error: unknown) => {
  // The prerendered page stays readable; only its interactivity is lost.
  console.error('Portal: could not start the client app:', error);
});
