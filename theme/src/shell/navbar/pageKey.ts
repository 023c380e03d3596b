// What the server-rendered navbar shows of the page, as a string: two pages
// with the same key get the same navbar markup, so the server renderer
// writes it once for both (Navbar's stateKey, markBuildConstant in
// entry-server.tsx). The key is made by the rules the navbar's items render
// with (activeState.ts, docItems.ts, DefaultNavbarItem's aria-current),
// applied to the page instead of rendered: a key that cost a render would
// save nothing.
import type { PageData, SiteData } from '../../contract.gen';
import { isSamePath, withBaseUrl } from '../../utils/links';
import { docsInstance, pluginIdOf } from '../docsInstances';
import { activeVersionFor, latestVersion, versionCandidates } from '../docsVersions';
import { internalTarget, isItemActive, type ActiveContext } from './activeState';
import { resolveDocItem, resolveDocsVersionItem } from './docItems';
import type { NavEntry } from './types';

/**
 * The page's navbar state key, or null when the navbar shows something of
 * the page no key names: locale and version dropdowns link to the page
 * itself in the other locales and versions.
 */
export function navbarStateKey(site: SiteData, page: PageData, pathname: string): string | null {
  const ctx: ActiveContext = { pathname, baseUrl: site.baseUrl, docSidebar: page.doc?.sidebar ?? null, docsPluginId: page.doc?.pluginId };
  const parts: string[] = [];
  const visit = (items: readonly NavEntry[]): boolean => {
    for (const item of items) {
      const part = itemKey(site, item, ctx);
      if (part === null) return false;
      parts.push(part);
      if (item.items && !visit(item.items)) return false;
    }
    return true;
  };
  return visit(site.navbar as NavEntry[]) ? parts.join('\n') : null;
}

// The server renders the navbar before any effect runs: the reader's
// preferred version is not known yet (docsPreferredVersion.tsx).
function candidates(site: SiteData, item: NavEntry, pathname: string) {
  const versions = docsInstance(site, pluginIdOf({ pluginId: item.docsPluginId })).versions;
  return versionCandidates(activeVersionFor(versions, pathname), null, latestVersion(versions));
}

function itemKey(site: SiteData, item: NavEntry, ctx: ActiveContext): string | null {
  let resolved = item;
  switch (item.type) {
    case 'localeDropdown':
    case 'docsVersionDropdown':
      return null;
    case 'doc':
      resolved = resolveDocItem(item, candidates(site, item, ctx.pathname));
      break;
    case 'docsVersion':
      resolved = resolveDocsVersionItem(item, candidates(site, item, ctx.pathname));
      break;
  }
  // As NavbarLink and useNavbarItemUrl decide (DefaultNavbarItem.tsx).
  const active = resolved.isActive ?? isItemActive(resolved, ctx);
  let url = internalTarget(resolved, ctx.baseUrl);
  if (!url && resolved.href) url = resolved.prependBaseUrlToHref ? withBaseUrl(ctx.baseUrl, resolved.href) : resolved.href;
  const current = active ? (url && isSamePath(url.split(/[?#]/)[0], ctx.pathname) ? 'page' : 'true') : '';
  return [resolved.resolvedTo ?? '', resolved.resolvedLabel ?? '', resolved.activeSidebar ?? '', active ? 'active' : '', current].join('\t');
}
