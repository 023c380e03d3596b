// When a navbar item is the reader's current place (reference 0.2, 0.3, 3.2,
// 3.4). Pure functions of the item and an ActiveContext, so the rules are
// tested without rendering.
import { DEFAULT_DOCS_PLUGIN_ID } from '../docsInstances';
import { isSamePath, splitUrl, withBaseUrl } from '../../utils/links';
import type { NavEntry } from './types';

/** `new RegExp(pattern, "gi").test(pathname)`; false when either is missing or the pattern is invalid. */
export function matchesRegex(pattern: string | undefined, pathname: string | undefined): boolean {
  if (pattern === undefined || pathname === undefined) return false;
  try {
    return new RegExp(pattern, 'gi').test(pathname);
  } catch {
    return false;
  }
}

/**
 * A router link's default active test: `to` is a prefix of the pathname at a
 * segment boundary, ignoring case and a trailing slash ("/docs" is active on
 * "/docs/intro/", not on "/docsearch/").
 */
export function matchesPathPrefix(to: string, pathname: string): boolean {
  const base = to.replace(/\/+$/, '').toLowerCase();
  const path = pathname.toLowerCase();
  if (base === '') return true; // "/" matches every page
  return path === base || path.startsWith(base + '/');
}

export interface ActiveContext {
  /** The current pathname, base URL included. */
  pathname: string;
  baseUrl: string;
  /** The sidebar of the current doc; null on pages that are not docs or have none. */
  docSidebar: string | null;
  /** The docs instance of the current doc ("default" when omitted). */
  docsPluginId?: string;
}

/** Whether a doc-based item names the docs instance of the current doc: a sidebar id means nothing in another. */
function sameDocsInstance(item: NavEntry, ctx: ActiveContext): boolean {
  return (item.docsPluginId || DEFAULT_DOCS_PLUGIN_ID) === (ctx.docsPluginId || DEFAULT_DOCS_PLUGIN_ID);
}

/** The item's internal link target with the base URL, or undefined for href/none. */
export function internalTarget(item: NavEntry, baseUrl: string): string | undefined {
  // A configured `to` wins (docsVersion may set one); doc-based items only
  // have the engine's resolvedTo.
  const to = item.to || item.resolvedTo;
  return to ? withBaseUrl(baseUrl, to) : undefined;
}

/** Whether a desktop navbar link (or a desktop dropdown's link) is active. */
export function isItemActive(item: NavEntry, ctx: ActiveContext): boolean {
  if (item.isActive !== undefined) return item.isActive;
  switch (item.type) {
    case 'doc':
      // Active on the doc itself and on every doc of its sidebar.
      return (
        isSamePath(internalTarget(item, ctx.baseUrl), ctx.pathname) ||
        (!!item.activeSidebar && item.activeSidebar === ctx.docSidebar && sameDocsInstance(item, ctx))
      );
    case 'docSidebar':
      return !!ctx.docSidebar && (item.activeSidebar || item.sidebarId) === ctx.docSidebar && sameDocsInstance(item, ctx);
    case 'html':
    case 'search':
      return false;
  }
  if (item.href && !item.to) return false; // plain links are never "current"
  if (item.activeBaseRegex) return matchesRegex(item.activeBaseRegex, ctx.pathname);
  if (item.activeBasePath) return ctx.pathname.startsWith(withBaseUrl(ctx.baseUrl, item.activeBasePath));
  const target = internalTarget(item, ctx.baseUrl);
  return target !== undefined && matchesPathPrefix(splitUrl(target).pathname, ctx.pathname);
}

/**
 * Whether an item inside a mobile dropdown is active (reference 3.4): its
 * target is the current page, or its activeBaseRegex matches, or the path
 * starts with its activeBasePath.
 */
export function isMobileSubItemActive(item: NavEntry, ctx: ActiveContext): boolean {
  if (item.isActive !== undefined) return item.isActive;
  const target = internalTarget(item, ctx.baseUrl);
  if (target && isSamePath(splitUrl(target).pathname, ctx.pathname)) return true;
  if (matchesRegex(item.activeBaseRegex, ctx.pathname)) return true;
  return !!item.activeBasePath && ctx.pathname.startsWith(withBaseUrl(ctx.baseUrl, item.activeBasePath));
}

/** A mobile dropdown is active when its own link is the current page or any of its items is active. */
export function isMobileDropdownActive(item: NavEntry, subItems: readonly NavEntry[], ctx: ActiveContext): boolean {
  if (item.to && isSamePath(withBaseUrl(ctx.baseUrl, item.to), ctx.pathname)) return true;
  return subItems.some((sub) => isMobileSubItemActive(sub, ctx));
}
