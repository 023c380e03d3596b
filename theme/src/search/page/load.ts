// The search page's components are in the search chunk (search/ui/chunk.ts),
// loaded as a route's chunk (app/routeChunk.ts): only a site with a search
// page (themeConfig.search.pagePath) has the page, and other pages load the
// chunk only when the reader opens search.
import { routeChunk } from '../../app/routeChunk';
import { loadSearchUI } from '../ui/load';

export const searchPageRoute = routeChunk(() => loadSearchUI().then((ui) => ui.SearchPage));
