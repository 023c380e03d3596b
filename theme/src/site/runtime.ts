// The entry of the site-components runtime (vite.site.config.ts): Content
// loads it on a page with islands and calls __portalHydrateIslands.
import { hydrateIslands } from './islands';

declare global {
  var __portalHydrateIslands: typeof hydrateIslands | undefined;
}

globalThis.__portalHydrateIslands = hydrateIslands;
