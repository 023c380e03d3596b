// The client bundle's entry: hydrates the prerendered page with exactly the
// data the server rendered it from (so the first client render equals the
// server render), then routes on the client.
import { hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { BrowserRouter } from './app/router';
import { DATA_ID, ROOT_ID, type InitialData } from './document';
import './styles/theme.css';

declare global {
  interface Window {
    /** Set as soon as the client bundle runs; the base-URL issue check looks for it (reference 7.9). */
    __portalHydrated?: boolean;
  }
}

function start() {
  window.__portalHydrated = true;
  const dataElement = document.getElementById(DATA_ID);
  const root = document.getElementById(ROOT_ID);
  if (!dataElement || !root) throw new Error('Portal: the page has no prerendered app to hydrate');
  const initial = JSON.parse(dataElement.textContent ?? '{}') as InitialData;
  const { site, page } = initial;
  if (!site || !page) throw new Error('Portal: the page data has no site or page to hydrate');
  hydrateRoot(
    root,
    <App
      site={site}
      router={(children) => (
        <BrowserRouter manifestUrl={initial.manifestUrl} sidebarsUrl={initial.sidebarsUrl} initial={{ page, sidebar: initial.sidebar }}>
          {children}
        </BrowserRouter>
      )}
    />,
  );
}

start();
