// The docs sidebar (reference 5.1–5.5, 4.2): link, category and html items
// with collapsible categories; a desktop column, or on mobile the same items
// in the navbar's secondary menu.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import type { SidebarItem } from '../contract.gen';
import { Link } from '../app/Link';
import { HydrateLater } from '../app/HydrateLater';
import { useRouter } from '../app/router';
import { useSite } from '../app/SiteContext';
import { ExternalIcon } from '../shell/Footer';
import { useNavbarMobileSidebar } from '../shell/navbar/mobileSidebarState';
import { SecondaryMenuFiller } from '../shell/navbar/secondaryMenu';
import { cx } from '../shell/cx';
import { ThemedImage } from '../shell/ThemedImage';
import { isSamePath } from '../utils/links';
import { useWindowSize } from '../utils/useWindowSize';
import { Collapsible, useLazyMounted } from './Collapsible';
import { isActiveItem, visibleItems } from './sidebarItems';
import { useIsBrowser } from './useIsBrowser';

/** Called when a sidebar link or a category with a page is clicked (the mobile menu closes then). */
type ItemClick = (item: SidebarItem) => void;

interface ItemProps {
  item: SidebarItem;
  index: number;
  level: number;
  /** The item's position in the sidebar ("menu-2-0"), the base of its list's id. */
  idPath: string;
  pathname: string;
  onItemClick?: ItemClick;
  /** -1 while the parent category is collapsed, so hidden links are not tab stops. */
  tabIndex?: number;
}

/**
 * Per list level, which category was expanded last (autoCollapseCategories:
 * expanding one collapses its siblings).
 */
interface ExpandedState {
  expandedItem: number | null;
  setExpandedItem: (index: number | null) => void;
}

const ExpandedStateContext = createContext<ExpandedState>({ expandedItem: null, setExpandedItem: () => {} });

/** The caret button's accessible name. */
function caretLabel(collapsed: boolean, label: string): string {
  return collapsed ? `Expand sidebar category '${label}'` : `Collapse sidebar category '${label}'`;
}

function SidebarItems({ items, level, idPath, pathname, onItemClick, tabIndex }: Omit<ItemProps, 'item' | 'index'> & { items: SidebarItem[] }) {
  const [expandedItem, setExpandedItem] = useState<number | null>(null);
  const state = useMemo(() => ({ expandedItem, setExpandedItem }), [expandedItem]);
  return (
    <ExpandedStateContext.Provider value={state}>
      {visibleItems(items, pathname).map((item, index) => (
        <SidebarItemView
          key={index}
          item={item}
          index={index}
          level={level}
          idPath={`${idPath}-${index}`}
          pathname={pathname}
          onItemClick={onItemClick}
          tabIndex={tabIndex}
        />
      ))}
    </ExpandedStateContext.Provider>
  );
}

/**
 * What an item's server markup depends on: an item the page is not in
 * renders the same on every page (no active link inside, no expanded trail,
 * no unlisted item shown), so the server renderer writes it once per build
 * and place (serverRender.ts, markBuildConstant in entry-server.tsx); an
 * item on the page's trail, or one with a click handler, is rendered each
 * time.
 */
export function sidebarItemMemoKey({ item, level, idPath, pathname, onItemClick, tabIndex }: ItemProps): Record<string, unknown> | null {
  if (onItemClick || isActiveItem(item, pathname)) return null;
  return { item, level, idPath, tabIndex };
}

export function SidebarItemView(props: ItemProps) {
  switch (props.item.type) {
    case 'category':
      return <SidebarCategory {...props} />;
    case 'html':
      return <SidebarHtml {...props} />;
    default:
      return <SidebarLink {...props} />;
  }
}

function SidebarLink({ item, level, pathname, onItemClick, tabIndex }: ItemProps) {
  const active = isActiveItem(item, pathname);
  const external = !!item.external;
  return (
    <li className={cx('theme-doc-sidebar-item-link', `theme-doc-sidebar-item-link-level-${level}`, 'menu__list-item', item.className)}>
      <Link
        to={item.href}
        // The engine resolved the href, base URL included.
        autoAddBaseUrl={false}
        className={cx('menu__link', external && 'menu__link--external', active && 'menu__link--active')}
        aria-current={active ? 'page' : undefined}
        tabIndex={tabIndex}
        onClick={external ? undefined : () => onItemClick?.(item)}
      >
        {item.label}
        {external && <ExternalIcon />}
      </Link>
    </li>
  );
}

function SidebarHtml({ item, level }: ItemProps) {
  return (
    <li
      className={cx('theme-doc-sidebar-item-link', `theme-doc-sidebar-item-link-level-${level}`, item.defaultStyle && 'menu__list-item menu__list-item--html', item.className)}
      dangerouslySetInnerHTML={{ __html: item.value ?? '' }}
    />
  );
}

function SidebarCategory({ item, index, level, idPath, pathname, onItemClick, tabIndex }: ItemProps) {
  const { items = [], label = '', href, className } = item;
  const collapsible = !!item.collapsible;
  const active = isActiveItem(item, pathname);
  const isCurrentPage = isSamePath(href, pathname);
  const autoCollapse = useSite().themeConfig.docs.sidebar.autoCollapseCategories;
  const { expandedItem, setExpandedItem } = useContext(ExpandedStateContext);
  const isBrowser = useIsBrowser();
  // Derived from the position rather than useId, so that an item's markup
  // does not depend on where the page's layout puts the sidebar.
  const listId = `${idPath}-list`;

  const [collapsed, setCollapsed] = useState(() => collapsible && !active && !!item.collapsed);
  const updateCollapsed = useCallback(
    (toCollapsed: boolean) => {
      if (!collapsible) return;
      setExpandedItem(toCollapsed ? null : index);
      setCollapsed(toCollapsed);
    },
    [collapsible, index, setExpandedItem],
  );

  // Expand when the category becomes active (a navigation into it).
  const wasActive = useRef(active);
  useEffect(() => {
    const justBecameActive = active && !wasActive.current;
    wasActive.current = active;
    if (justBecameActive && collapsed) updateCollapsed(false);
  }, [active, collapsed, updateCollapsed]);

  // autoCollapseCategories: another category of this level was expanded.
  useEffect(() => {
    if (autoCollapse && collapsible && expandedItem !== null && expandedItem !== index) setCollapsed(true);
  }, [autoCollapse, collapsible, expandedItem, index]);

  const listMounted = useLazyMounted(collapsed, true);
  const controls = listMounted ? listId : undefined;

  // A collapsible category without a page toggles; its server HTML still
  // links the first page inside, for crawlers and readers without script.
  const linkHref = href || (!collapsible ? undefined : isBrowser ? '#' : (item.firstLink ?? '#'));
  const onLinkClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!collapsible) {
      onItemClick?.(item);
      return;
    }
    if (href) {
      onItemClick?.(item);
      if (isCurrentPage) {
        e.preventDefault();
        updateCollapsed(!collapsed);
      } else {
        updateCollapsed(false);
      }
    } else {
      e.preventDefault();
      updateCollapsed(!collapsed);
    }
  };
  const linkClass = cx(
    'menu__link',
    collapsible && 'menu__link--sublist',
    collapsible && !href && 'menu__link--sublist-caret',
    active && 'menu__link--active',
  );

  return (
    <li
      className={cx(
        'theme-doc-sidebar-item-category',
        `theme-doc-sidebar-item-category-level-${level}`,
        'menu__list-item',
        collapsed && 'menu__list-item--collapsed',
        className,
      )}
    >
      <CategoryHeader
        label={label}
        linkHref={linkHref}
        linkClass={linkClass}
        isCurrentPage={isCurrentPage}
        toggles={collapsible && !href}
        caret={!!href && collapsible}
        collapsed={collapsed}
        controls={controls}
        tabIndex={tabIndex}
        onLinkClick={onLinkClick}
        onCaretClick={(e) => {
          e.preventDefault();
          updateCollapsed(!collapsed);
        }}
      />
      <Collapsible lazy as="ul" id={listId} className="menu__list" collapsed={collapsed}>
        <SidebarItems items={items} level={level + 1} idPath={idPath} pathname={pathname} onItemClick={onItemClick} tabIndex={collapsed ? -1 : undefined} />
      </Collapsible>
    </li>
  );
}

interface CategoryHeaderProps {
  label: string;
  linkHref: string | undefined;
  linkClass: string;
  isCurrentPage: boolean;
  /** The link toggles the category (a collapsible category without a page). */
  toggles: boolean;
  /** A caret button beside the link (a collapsible category with a page). */
  caret: boolean;
  collapsed: boolean;
  controls: string | undefined;
  tabIndex: number | undefined;
  onLinkClick: (e: MouseEvent<HTMLAnchorElement>) => void;
  onCaretClick: (e: MouseEvent<HTMLButtonElement>) => void;
}

/**
 * A category's link and caret. The same on every page under an expanded
 * category, so the server renderer keeps it by everything but its click
 * handlers, which write no markup (categoryHeaderMemoKey).
 */
export function CategoryHeader({ label, linkHref, linkClass, isCurrentPage, toggles, caret, collapsed, controls, tabIndex, onLinkClick, onCaretClick }: CategoryHeaderProps) {
  return (
    <div className={cx('menu__list-item-collapsible', isCurrentPage && 'menu__list-item-collapsible--active')}>
      {linkHref !== undefined ? (
        <Link
          to={linkHref}
          autoAddBaseUrl={false}
          className={linkClass}
          aria-current={isCurrentPage ? 'page' : undefined}
          role={toggles ? 'button' : undefined}
          aria-expanded={toggles ? !collapsed : undefined}
          aria-controls={toggles ? controls : undefined}
          tabIndex={tabIndex}
          onClick={onLinkClick}
        >
          {label}
        </Link>
      ) : (
        <a className={linkClass}>{label}</a>
      )}
      {caret && (
        <button
          type="button"
          className="clean-btn menu__caret"
          aria-label={caretLabel(collapsed, label)}
          aria-expanded={!collapsed}
          aria-controls={controls}
          tabIndex={tabIndex}
          onClick={onCaretClick}
        />
      )}
    </div>
  );
}

export function categoryHeaderMemoKey({ onLinkClick: _link, onCaretClick: _caret, ...markup }: CategoryHeaderProps): Record<string, unknown> {
  return markup;
}

/** The sidebar's items as the top-level menu list. */
export function DocSidebarMenu({ items, onItemClick, idPrefix = 'sidebar' }: { items: SidebarItem[]; onItemClick?: ItemClick; idPrefix?: string }) {
  const { location } = useRouter();
  return (
    <ul className="theme-doc-sidebar-menu menu__list">
      <SidebarItems items={items} level={1} idPath={idPrefix} pathname={location.pathname} onItemClick={onItemClick} />
    </ul>
  );
}

function ArrowIcon({ className }: { className?: string }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" className={className}>
      <g fill="currentColor">
        <path d="M9.992 10.023c0 .2-.062.399-.172.547l-4.996 7.492a.982.982 0 01-.828.454H1c-.55 0-1-.453-1-1 0-.2.059-.403.168-.551l4.629-6.942L.168 3.078A.939.939 0 010 2.528c0-.548.45-.997 1-.997h2.996c.352 0 .649.18.828.45L9.82 9.472c.11.148.172.347.172.55zm0 0" />
        <path d="M19.98 10.023c0 .2-.058.399-.168.547l-4.996 7.492a.987.987 0 01-.828.454h-3c-.547 0-.996-.453-.996-1 0-.2.059-.403.168-.551l4.625-6.942-4.625-6.945a.939.939 0 01-.168-.55 1 1 0 01.996-.997h3c.348 0 .649.18.828.45l4.996 7.492c.11.148.168.347.168.55zm0 0" />
      </g>
    </svg>
  );
}

interface DesktopProps {
  items: SidebarItem[];
  /** Renders the "Collapse sidebar" button (themeConfig.docs.sidebar.hideable). */
  onCollapse?: () => void;
  isHidden?: boolean;
}

function DocSidebarDesktop({ items, onCollapse, isHidden }: DesktopProps) {
  const { hideOnScroll, logo, title } = useSite().themeConfig.navbar;
  return (
    <div className={cx('doc-sidebar__inner', hideOnScroll && 'doc-sidebar__inner--navbar-hideable', isHidden && 'doc-sidebar__inner--hidden')}>
      {hideOnScroll && (
        // The navbar may be hidden, so the sidebar carries the logo; it is
        // a duplicate of the navbar's link, so not a tab stop.
        <Link to={logo?.href || '/'} tabIndex={-1} className="doc-sidebar__brand">
          {logo && <ThemedImage logo={logo} />}
          {title && <b className="doc-sidebar__title">{title}</b>}
        </Link>
      )}
      <nav aria-label="Docs sidebar" className="menu thin-scrollbar">
        <HydrateLater>
          <DocSidebarMenu items={items} />
        </HydrateLater>
      </nav>
      {onCollapse && (
        <button type="button" title="Collapse sidebar" aria-label="Collapse sidebar" className="button button--secondary button--outline collapse-sidebar-button" onClick={onCollapse}>
          <ArrowIcon className="collapse-sidebar-button__icon" />
        </button>
      )}
    </div>
  );
}

/**
 * On mobile the sidebar lives in the navbar's secondary menu, which closes
 * when the reader follows a link (also to the page already shown) or opens
 * a category's own page; toggling a category keeps it open.
 */
function DocSidebarMobile({ items }: { items: SidebarItem[] }) {
  const { close } = useNavbarMobileSidebar();
  const menu = useMemo(() => {
    const onItemClick: ItemClick = (item) => {
      if (item.type === 'link' || (item.type === 'category' && item.href)) close();
    };
    return <DocSidebarMenu items={items} onItemClick={onItemClick} idPrefix="sidebar-mobile" />;
  }, [items, close]);
  return <SecondaryMenuFiller>{menu}</SecondaryMenuFiller>;
}

/** The docs sidebar: desktop column on the server and on desktops, the navbar's secondary menu on mobile. */
export function DocSidebar(props: DesktopProps) {
  const windowSize = useWindowSize();
  if (windowSize === 'mobile') return <DocSidebarMobile items={props.items} />;
  return <DocSidebarDesktop {...props} />;
}

/** The control that brings a hidden sidebar back: the whole 30 px strip. */
export function ExpandSidebarButton({ onExpand }: { onExpand: () => void }): ReactNode {
  return (
    <div className="doc-sidebar__expand" role="button" tabIndex={0} title="Expand sidebar" aria-label="Expand sidebar" onClick={onExpand} onKeyDown={onExpand}>
      <ArrowIcon className="doc-sidebar__expand-icon" />
    </div>
  );
}
