// Questions the sidebar asks of its items (reference 5.2). The engine
// resolves the sidebar tree; these only compare it with the current path.
import type { SidebarItem } from '../contract.gen';
import { isSamePath } from '../utils/links';

// Both questions recurse into categories and are asked of every rendered
// item, which made a render quadratic in the sidebar's size (a 216-page
// sidebar took 17 ms per page in the prerender). Answers are remembered per
// item for the last path asked, so a whole sidebar costs one walk.
interface Memo {
  pathname: string;
  value: boolean;
}

function memoized(cache: WeakMap<SidebarItem, Memo>, compute: (item: SidebarItem, pathname: string) => boolean) {
  return (item: SidebarItem, pathname: string): boolean => {
    const hit = cache.get(item);
    if (hit && hit.pathname === pathname) return hit.value;
    const value = compute(item, pathname);
    cache.set(item, { pathname, value });
    return value;
  };
}

/** A link is active on its own page; a category on its page or when it contains the active item. */
export const isActiveItem = memoized(new WeakMap(), (item, pathname) => {
  if (item.type === 'link') return isSamePath(item.href, pathname);
  if (item.type === 'category') return isSamePath(item.href, pathname) || (item.items ?? []).some((child) => isActiveItem(child, pathname));
  return false;
});

/**
 * Whether an item is shown: an unlisted link only on its own page; a
 * category when it is active, links a listed page, or has a visible child;
 * html always.
 */
export const isVisibleItem = memoized(new WeakMap(), (item, pathname) => {
  if (item.type === 'link') return !item.unlisted || isActiveItem(item, pathname);
  if (item.type === 'category') {
    return isActiveItem(item, pathname) || (item.href !== undefined && item.href !== '' && !item.linkUnlisted) || (item.items ?? []).some((child) => isVisibleItem(child, pathname));
  }
  return true;
});

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
