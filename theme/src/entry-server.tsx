// The server bundle's entry: the Go engine evaluates this bundle in an
// embedded JavaScript engine and calls portalRender once per route.
import { renderToString } from 'react-dom/server.browser';
import type { RenderInput } from './contract.gen';
import { App } from './app/App';
import { StaticRouter } from './app/router';
import { renderDocument } from './document';
import { splitUrl } from './utils/links';

function portalRender(inputJSON: string): string {
  const input = JSON.parse(inputJSON) as RenderInput;
  const location = { ...splitUrl(input.page.path), search: '', hash: '' };
  const appHtml = renderToString(
    <App
      site={input.site}
      router={(children) => (
        <StaticRouter location={location} page={input.page} sidebar={input.sidebar}>
          {children}
        </StaticRouter>
      )}
    />,
  );
  return renderDocument(input, appHtml);
}

(globalThis as unknown as { portalRender: typeof portalRender }).portalRender = portalRender;
