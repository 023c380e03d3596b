// Questions the sidebar asks of its items (reference 5.2). The engine works
// out everything about an item that does not depend on the page (whether it
// is listed, a category's first link and the paths it holds); these only
// compare what it wrote with the current path.
import type { SidebarItem } from '../contract.gen';
import { isSamePath } from '../utils/links';

/** A path as the engine writes a category's paths: lowercase, with a trailing slash. */
function normalizedPath(p: string): string {
  return (p.endsWith('/') ? p : p + '/').toLowerCase();
}

// Asked of every rendered item on every page, so each category's paths are
// put in a set once rather than searched on every question.
const pathSets = new WeakMap<SidebarItem, Set<string>>();

function pathSet(item: SidebarItem): Set<string> {
  let set = pathSets.get(item);
  if (!set) pathSets.set(item, (set = new Set(item.paths ?? [])));
  return set;
}

/** A link is active on its own page; a category on any page it holds. */
export function isActiveItem(item: SidebarItem, pathname: string): boolean {
  if (item.type === 'link') return isSamePath(item.href, pathname);
  if (item.type === 'category') return pathSet(item).has(normalizedPath(pathname));
  return false;
}

/** Whether an item is shown: a listed item always, an unlisted one only on the pages it holds. */
export function isVisibleItem(item: SidebarItem, pathname: string): boolean {
  return !item.unlisted || isActiveItem(item, pathname);
}

export function visibleItems(items: SidebarItem[], pathname: string): SidebarItem[] {
  return items.filter((item) => isVisibleItem(item, pathname));
}
