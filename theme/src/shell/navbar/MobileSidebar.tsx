// The mobile navbar sidebar (reference 4.1): a panel sliding in from the
// left with the brand, the colour-mode toggle and a close button, then two
// menus side by side: the primary menu (every navbar item, mobile form) and
// the secondary menu (e.g. the docs sidebar) with a back button. The menu
// not showing is inert. While open, Tab stays inside the panel.
import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { useSite } from '../../app/SiteContext';
import { ColorModeToggle } from '../ColorModeToggle';
import { cx } from '../cx';
import { CloseIcon, MenuIcon } from '../icons';
import { NavbarLogo } from './NavbarLogo';
import { NavbarItem } from './NavbarItem';
import { useNavbarMobileSidebar } from './mobileSidebarState';
import { useSecondaryMenuDisplay } from './secondaryMenu';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[inert]'));
}

/** The hamburger button in the navbar bar (hidden by CSS on desktop). */
export function MobileSidebarToggle() {
  const sidebar = useNavbarMobileSidebar();
  return (
    <button
      ref={sidebar.toggleButtonRef}
      type="button"
      className="navbar__toggle clean-btn"
      aria-label="Toggle navigation bar"
      aria-expanded={sidebar.shown}
      aria-controls={sidebar.shouldRender ? 'navbar-sidebar' : undefined}
      onClick={sidebar.toggle}
    >
      <MenuIcon />
    </button>
  );
}

/**
 * Clicking a link in a menu closes the sidebar: any real link, but not a
 * dropdown's or category's own toggle (role="button" or a "#" link).
 */
function closesSidebar(target: EventTarget | null): boolean {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!link || link.getAttribute('role') === 'button') return false;
  return link.getAttribute('href') !== '#';
}

export function MobileSidebar() {
  const site = useSite();
  const items = site.navbar;
  const sidebar = useNavbarMobileSidebar();
  const secondary = useSecondaryMenuDisplay(sidebar.shown);
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  // Opening moves focus into the panel.
  useEffect(() => {
    if (sidebar.shown) closeRef.current?.focus();
  }, [sidebar.shown]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Tab' || !panelRef.current) return;
    const all = focusables(panelRef.current);
    if (all.length === 0) return;
    const first = all[0];
    const last = all[all.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  const onMenuClick = (e: MouseEvent<HTMLDivElement>) => {
    if (closesSidebar(e.target)) sidebar.close();
  };

  const back = () => {
    secondary.hide();
    // The back button is about to become inert: put focus in the primary menu.
    requestAnimationFrame(() => {
      const primary = panelRef.current?.querySelector<HTMLElement>('.navbar-sidebar__item--primary');
      if (primary) focusables(primary)[0]?.focus();
    });
  };

  return (
    <div
      ref={panelRef}
      id="navbar-sidebar"
      className="theme-layout-navbar-sidebar navbar-sidebar"
      role="dialog"
      aria-modal={sidebar.shown ? true : undefined}
      aria-label="Navigation bar"
      inert={!sidebar.shown}
      onKeyDown={onKeyDown}
    >
      <div className="navbar-sidebar__brand">
        <NavbarLogo />
        <ColorModeToggle className="margin-right--md" />
        <button
          ref={closeRef}
          type="button"
          className="clean-btn navbar-sidebar__close"
          aria-label="Close navigation bar"
          onClick={() => sidebar.close({ restoreFocus: true })}
        >
          <CloseIcon size={21} className="navbar-sidebar__close-icon" />
        </button>
      </div>
      <div className={cx('navbar-sidebar__items', secondary.shown && 'navbar-sidebar__items--show-secondary')}>
        <div
          className="theme-layout-navbar-sidebar-panel navbar-sidebar__item navbar-sidebar__item--primary menu"
          inert={secondary.shown}
          onClick={onMenuClick}
        >
          <ul className="menu__list">
            {items.map((item, i) => (
              <NavbarItem item={item} variant="mobile" key={i} />
            ))}
          </ul>
        </div>
        <div
          className="theme-layout-navbar-sidebar-panel navbar-sidebar__item navbar-sidebar__item--secondary menu"
          inert={!secondary.shown}
          onClick={onMenuClick}
        >
          {items.length > 0 && (
            <button type="button" className="clean-btn navbar-sidebar__back" onClick={back}>
              ← Back to main menu
            </button>
          )}
          {secondary.content}
        </div>
      </div>
    </div>
  );
}
