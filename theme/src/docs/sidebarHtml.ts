// The docs sidebar as one HTML string, for the server render only. In the
// QuickJS engine that prerenders every page a React element costs about
// 0.3 ms, and rendering the sidebar's links and categories as elements was
// 85% of a page's prerender. This writes the same elements DocSidebar's
// React components render on the server (same classes, attributes, ids and
// states), and the browser hydrates against them with those components.
// sidebarHtml.test.tsx checks the two agree, item type by item type.
import type { SidebarItem } from '../contract.gen';
import { escapeHtml } from '../head';
import { isSamePath } from '../utils/links';
import { isActiveItem, visibleItems } from './sidebarItems';

let externalIconHtml = '';

/**
 * Gives the renderer the markup of the external-link icon, which the server
 * entry renders once with React (so the icon has one definition).
 */
export function setExternalIconHtml(html: string): void {
  externalIconHtml = html;
}

/** The inner HTML of the sidebar's top-level list at `pathname`. */
export function sidebarMenuHtml(items: SidebarItem[], pathname: string, idPrefix: string): string {
  return itemsHtml(items, 1, idPrefix, pathname, undefined);
}

// An item the page is not in renders the same on every page: no active
// link inside, no expanded trail. Its markup is kept per item and position,
// so a page writes only the items on its own trail.
const inactiveHtml = new WeakMap<SidebarItem, Map<string, string>>();

function itemsHtml(items: SidebarItem[], level: number, idPath: string, pathname: string, tabIndex: number | undefined): string {
  let html = '';
  visibleItems(items, pathname).forEach((item, index) => {
    const path = `${idPath}-${index}`;
    if (isActiveItem(item, pathname)) {
      html += itemHtml(item, level, path, pathname, tabIndex);
      return;
    }
    let byPosition = inactiveHtml.get(item);
    if (!byPosition) inactiveHtml.set(item, (byPosition = new Map()));
    const key = `${level}|${path}|${tabIndex ?? ''}`;
    let cached = byPosition.get(key);
    if (cached === undefined) byPosition.set(key, (cached = itemHtml(item, level, path, pathname, tabIndex)));
    html += cached;
  });
  return html;
}

function itemHtml(item: SidebarItem, level: number, idPath: string, pathname: string, tabIndex: number | undefined): string {
  if (item.type === 'category') return categoryHtml(item, level, idPath, pathname, tabIndex);
  if (item.type === 'html') return htmlItemHtml(item, level);
  return linkHtml(item, level, pathname, tabIndex);
}

/** Joins the class names that are set (shared with DocSidebar, which must write the same classes). */
export function classNames(...names: (string | false | undefined | null)[]): string {
  return names.filter(Boolean).join(' ');
}

function attr(name: string, value: string | number | boolean | undefined): string {
  return value === undefined ? '' : ` ${name}="${escapeHtml(String(value))}"`;
}

function linkHtml(item: SidebarItem, level: number, pathname: string, tabIndex: number | undefined): string {
  const active = isActiveItem(item, pathname);
  const external = !!item.external;
  const li = classNames('theme-doc-sidebar-item-link', `theme-doc-sidebar-item-link-level-${level}`, 'menu__list-item', item.className);
  const a = classNames('menu__link', external && 'menu__link--external', active && 'menu__link--active');
  return (
    `<li class="${escapeHtml(li)}"><a` +
    attr('href', item.href || undefined) +
    attr('target', external ? '_blank' : undefined) +
    attr('rel', external ? 'noopener noreferrer' : undefined) +
    attr('class', a) +
    attr('aria-current', active ? 'page' : undefined) +
    attr('tabindex', tabIndex) +
    `>${escapeHtml(item.label ?? '')}${external ? externalIconHtml : ''}</a></li>`
  );
}

function htmlItemHtml(item: SidebarItem, level: number): string {
  const li = classNames('theme-doc-sidebar-item-link', `theme-doc-sidebar-item-link-level-${level}`, item.defaultStyle && 'menu__list-item menu__list-item--html', item.className);
  return `<li class="${escapeHtml(li)}">${item.value ?? ''}</li>`;
}

/** The caret button's accessible name (shared with DocSidebar). */
export function caretLabel(collapsed: boolean, label: string): string {
  return collapsed ? `Expand sidebar category '${label}'` : `Collapse sidebar category '${label}'`;
}

// The first render of SidebarCategory on the server: lazily mounted list
// (absent while collapsed), the first page inside as the link of a category
// without one, and the ids derived from the item's position.
function categoryHtml(item: SidebarItem, level: number, idPath: string, pathname: string, tabIndex: number | undefined): string {
  const { items = [], label = '', href, className } = item;
  const collapsible = !!item.collapsible;
  const active = isActiveItem(item, pathname);
  const isCurrentPage = isSamePath(href, pathname);
  const collapsed = collapsible && !active && !!item.collapsed;
  const listId = `${idPath}-list`;
  const controls = collapsed ? undefined : listId;
  const linkHref = href || (!collapsible ? undefined : (item.firstLink ?? '#'));
  const linkClass = classNames('menu__link', collapsible && 'menu__link--sublist', collapsible && !href && 'menu__link--sublist-caret', active && 'menu__link--active');
  const toggles = collapsible && !href;
  let html =
    `<li class="${escapeHtml(classNames('theme-doc-sidebar-item-category', `theme-doc-sidebar-item-category-level-${level}`, 'menu__list-item', collapsed && 'menu__list-item--collapsed', className))}">` +
    `<div class="${classNames('menu__list-item-collapsible', isCurrentPage && 'menu__list-item-collapsible--active')}">`;
  if (linkHref !== undefined) {
    html +=
      '<a' +
      attr('href', linkHref || undefined) +
      attr('class', linkClass) +
      attr('aria-current', isCurrentPage ? 'page' : undefined) +
      attr('role', toggles ? 'button' : undefined) +
      attr('aria-expanded', toggles ? !collapsed : undefined) +
      attr('aria-controls', toggles ? controls : undefined) +
      attr('tabindex', tabIndex) +
      `>${escapeHtml(label)}</a>`;
  } else {
    html += `<a class="${linkClass}">${escapeHtml(label)}</a>`;
  }
  if (href && collapsible) {
    html +=
      '<button type="button" class="clean-btn menu__caret"' +
      attr('aria-label', caretLabel(collapsed, label)) +
      attr('aria-expanded', !collapsed) +
      attr('aria-controls', controls) +
      attr('tabindex', tabIndex) +
      '></button>';
  }
  html += '</div>';
  if (!collapsed) {
    html += `<ul id="${escapeHtml(listId)}" class="collapsible menu__list" data-state="open">${itemsHtml(items, level + 1, idPath, pathname, undefined)}</ul>`;
  }
  return html + '</li>';
}
