// Questions the sidebar asks of its items (reference 5.2). The engine
// resolves the sidebar tree; these only compare it with the current path.
import type { SidebarItem } from '../contract.gen';
import { isSamePath } from '../utils/links';

// Both questions are asked of every rendered item on every page. Answering
// them by walking each category's subtree made a page's render grow with the
// whole sidebar (quadratic over a site), which the prerender in QuickJS felt
// most. What does not depend on the page is computed once per item and kept:
// the paths a category contains, and whether it shows anything listed. The
// page then costs one lookup per item.

function normalizedPath(p: string): string {
  return (p.endsWith('/') ? p : p + '/').toLowerCase();
}

const containedPaths = new WeakMap<SidebarItem, Set<string>>();

/** The paths of an item and everything inside it (kept per item). */
function pathsOf(item: SidebarItem): Set<string> {
  let paths = containedPaths.get(item);
  if (paths) return paths;
  paths = new Set();
  if (item.href) paths.add(normalizedPath(item.href));
  if (item.type === 'category') {
    for (const child of item.items ?? []) for (const p of pathsOf(child)) paths.add(p);
  }
  containedPaths.set(item, paths);
  return paths;
}

const listedAnyway = new WeakMap<SidebarItem, boolean>();

/** Whether an item shows whatever the page: a listed link, a category with a listed page or child, html. */
function isListed(item: SidebarItem): boolean {
  const known = listedAnyway.get(item);
  if (known !== undefined) return known;
  let listed: boolean;
  if (item.type === 'link') listed = !item.unlisted;
  else if (item.type === 'category') listed = (item.href !== undefined && item.href !== '' && !item.linkUnlisted) || (item.items ?? []).some(isListed);
  else listed = true;
  listedAnyway.set(item, listed);
  return listed;
}

/** A link is active on its own page; a category on its page or when it contains the active item. */
export function isActiveItem(item: SidebarItem, pathname: string): boolean {
  if (item.type === 'link') return isSamePath(item.href, pathname);
  if (item.type === 'category') return pathsOf(item).has(normalizedPath(pathname));
  return false;
}

/**
 * Whether an item is shown: an unlisted link only on its own page; a
 * category when it is active, links a listed page, or has a visible child;
 * html always.
 */
export function isVisibleItem(item: SidebarItem, pathname: string): boolean {
  return isListed(item) || isActiveItem(item, pathname);
}

export function visibleItems(items: SidebarItem[], pathname: string): SidebarItem[] {
  return items.filter((item) => isVisibleItem(item, pathname));
}

/** The first link in a category, depth first: a crawlable href for a category without a page of its own. */
export function firstLink(item: SidebarItem): string | undefined {
  if (item.href && !(item.type === 'category' && item.linkUnlisted)) return item.href;
  for (const child of item.items ?? []) {
    if (child.type === 'html') continue;
    const href = firstLink(child);
    if (href) return href;
  }
  return undefined;
}
