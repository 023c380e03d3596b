import type { NavItem } from '../../contract.gen';

/**
 * Where an item renders: the desktop navbar bar, a desktop dropdown's menu,
 * or the mobile sidebar's menu (including mobile dropdowns).
 */
export type NavbarItemVariant = 'desktop' | 'dropdown' | 'mobile';

/**
 * A navbar item as the shell renders it: the engine's resolved item (or a
 * config item from dropdownItemsBefore/After), plus what the shell's own
 * dropdowns (locales, versions) compute for their entries.
 */
export interface NavEntry extends Omit<NavItem, 'items'> {
  /** A dropdown's items (resolved items, or config items from dropdownItemsBefore/After). */
  items?: NavEntry[];
  /** A precomputed active state that replaces the usual rules. */
  isActive?: boolean;
  /** Render as a plain anchor: the click is a full page load (locale switch). */
  fullPageLoad?: boolean;
  /** The language of the link's target page. */
  lang?: string;
  /** Runs on click before navigation (e.g. remembering a version). */
  onSelect?: () => void;
}

export function itemLabel(item: NavEntry): string {
  return item.label || item.resolvedLabel || '';
}
