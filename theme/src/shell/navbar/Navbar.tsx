// The navbar (reference 3.1): the mobile-sidebar toggle, the logo and the
// left items; the right items, the colour-mode toggle and the search slot;
// then the backdrop and, in the mobile layout, the mobile sidebar.
import { useRouter } from '../../app/router';
import { useSite } from '../../app/SiteContext';
import { ColorModeToggle } from '../ColorModeToggle';
import { cx } from '../cx';
import { useHideableNavbar } from './hideOnScroll';
import { MobileSidebar, MobileSidebarToggle } from './MobileSidebar';
import { useNavbarMobileSidebar } from './mobileSidebarState';
import { NavbarItem } from './NavbarItem';
import { NavbarItemErrorBoundary } from './NavbarItemErrorBoundary';
import { NavbarLogo } from './NavbarLogo';
import { NavbarSearch } from './NavbarSearch';
import type { NavEntry } from './types';

function DesktopItems({ items }: { items: readonly NavEntry[] }) {
  return (
    <>
      {items.map((item, i) => (
        <NavbarItemErrorBoundary item={item} key={i}>
          <NavbarItem item={item} variant="desktop" />
        </NavbarItemErrorBoundary>
      ))}
    </>
  );
}

export interface NavbarProps {
  /**
   * What the server-rendered navbar shows of the page (pageKey.ts): two
   * pages with the same key get the same navbar markup, which the server
   * renderer then writes once (navbarMemoKey). Unset in the browser.
   */
  stateKey?: string | null;
}

/** The navbar's server markup is a function of its state key, where there is one. */
export function navbarMemoKey({ stateKey }: NavbarProps): Record<string, unknown> | null {
  return typeof stateKey === 'string' ? { stateKey } : null;
}

// The props are read by the server renderer's memo only (navbarMemoKey).
export function Navbar(_props: NavbarProps) {
  const site = useSite();
  const config = site.themeConfig.navbar;
  const items = site.navbar;
  const { location } = useRouter();
  const sidebar = useNavbarMobileSidebar();
  const { navbarRef, isNavbarVisible } = useHideableNavbar(config.hideOnScroll, location);
  // An item without position goes right (the spec's default; see docs/design-decisions.md).
  const left = items.filter((item) => item.position === 'left');
  const right = items.filter((item) => item.position !== 'left');
  const hasSearchItem = items.some((item) => item.type === 'search');

  return (
    <nav
      ref={navbarRef}
      aria-label="Main"
      className={cx(
        'theme-layout-navbar navbar navbar--fixed-top',
        config.style === 'dark' && 'navbar--dark',
        config.style === 'primary' && 'navbar--primary',
        config.hideOnScroll && 'navbar--hideable',
        !isNavbarVisible && 'navbar--hidden',
        sidebar.shown && 'navbar-sidebar--show',
      )}
    >
      <div className="navbar__inner">
        <div className="theme-layout-navbar-left navbar__items">
          {!sidebar.disabled && <MobileSidebarToggle />}
          <NavbarLogo />
          <DesktopItems items={left} />
        </div>
        <div className="theme-layout-navbar-right navbar__items navbar__items--right">
          <DesktopItems items={right} />
          <ColorModeToggle className="navbar__color-mode-toggle" />
          {!hasSearchItem && <NavbarSearch />}
        </div>
      </div>
      <div role="presentation" className="navbar-sidebar__backdrop" onClick={() => sidebar.close({ restoreFocus: true })} />
      {sidebar.shouldRender && <MobileSidebar />}
    </nav>
  );
}
