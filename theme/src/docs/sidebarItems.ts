// Questions the sidebar asks of its items (reference 5.2). The engine
// resolves the sidebar tree; these only compare it with the current path.
import type { SidebarItem } from '../contract.gen';
import { isSamePath } from '../utils/links';

/** A link is active on its own page; a category on its page or when it contains the active item. */
export function isActiveItem(item: SidebarItem, pathname: string): boolean {
  if (item.type === 'link') return isSamePath(item.href, pathname);
  if (item.type === 'category') return isSamePath(item.href, pathname) || (item.items ?? []).some((child) => isActiveItem(child, pathname));
  return false;
}

/**
 * Whether an item is shown: an unlisted link only on its own page; a
 * category when it is active, links a listed page, or has a visible child;
 * html always.
 */
export function isVisibleItem(item: SidebarItem, pathname: string): boolean {
  if (item.type === 'link') return !item.unlisted || isActiveItem(item, pathname);
  if (item.type === 'category') {
    return isActiveItem(item, pathname) || (item.href !== undefined && item.href !== '' && !item.linkUnlisted) || (item.items ?? []).some((child) => isVisibleItem(child, pathname));
  }
  return true;
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
