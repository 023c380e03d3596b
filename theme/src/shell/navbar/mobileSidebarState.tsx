// The mobile navbar sidebar's state (reference 4.1). It is shown or hidden;
// it exists only in the mobile layout (below 997 px) and is disabled when
// there is nothing to put in it. While shown: the page behind does not
// scroll, Escape closes it (focus goes back to the toggle), and the
// browser's Back button closes it instead of leaving the page. It closes on
// every route change and when the layout becomes desktop.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useRouter } from '../../app/router';
import { useSite } from '../../app/SiteContext';
import { ReactContextError } from '../../utils/contextError';
import { useWindowSize } from '../../utils/useWindowSize';
import { useSecondaryMenu } from './secondaryMenu';

/** The class on <body> that stops the page scrolling while the sidebar is shown. */
export const BODY_SCROLL_LOCK_CLASS = 'navbar-sidebar--open';

export interface MobileSidebarValue {
  /** No navbar items and no secondary content: no toggle, no sidebar. */
  disabled: boolean;
  /** The sidebar is rendered: mobile layout and not disabled. */
  shouldRender: boolean;
  shown: boolean;
  toggle: () => void;
  /** Hides the sidebar; with restoreFocus, focus returns to the toggle button. */
  close: (options?: { restoreFocus?: boolean }) => void;
  toggleButtonRef: RefObject<HTMLButtonElement | null>;
}

const MobileSidebarContext = createContext<MobileSidebarValue | null>(null);

export function NavbarMobileSidebarProvider({ children }: { children: ReactNode }) {
  const site = useSite();
  const { content } = useSecondaryMenu();
  const windowSize = useWindowSize();
  const { location } = useRouter();
  const hasSecondary = content !== null && content !== undefined && content !== false;
  const disabled = site.navbar.length === 0 && !hasSecondary;
  const shouldRender = !disabled && windowSize === 'mobile';
  const [shownState, setShown] = useState(false);
  const shown = shownState && shouldRender;
  const toggleButtonRef = useRef<HTMLButtonElement | null>(null);

  const toggle = useCallback(() => setShown((s) => !s), []);
  const close = useCallback((options?: { restoreFocus?: boolean }) => {
    setShown(false);
    if (options?.restoreFocus) toggleButtonRef.current?.focus();
  }, []);

  // Desktop layout: nothing to show.
  useEffect(() => {
    if (windowSize === 'desktop') setShown(false);
  }, [windowSize]);

  // A new page: start closed.
  useEffect(() => {
    setShown(false);
  }, [location.pathname]);

  useEffect(() => {
    document.body.classList.toggle(BODY_SCROLL_LOCK_CLASS, shown);
    return () => document.body.classList.remove(BODY_SCROLL_LOCK_CLASS);
  }, [shown]);

  useEffect(() => {
    if (!shown) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close({ restoreFocus: true });
    };
    // Back while shown closes the sidebar and stays on the page. Capture
    // listeners on window run before the router's, so it never sees the
    // pop; going forward again restores the entry the reader was on.
    const onPopState = (e: PopStateEvent) => {
      e.stopImmediatePropagation();
      setShown(false);
      window.history.go(1);
    };
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('popstate', onPopState, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('popstate', onPopState, true);
    };
  }, [shown, close]);

  const value = useMemo<MobileSidebarValue>(
    () => ({ disabled, shouldRender, shown, toggle, close, toggleButtonRef }),
    [disabled, shouldRender, shown, toggle, close],
  );
  return <MobileSidebarContext.Provider value={value}>{children}</MobileSidebarContext.Provider>;
}

export function useNavbarMobileSidebar(): MobileSidebarValue {
  const value = useContext(MobileSidebarContext);
  if (!value) throw new ReactContextError('useNavbarMobileSidebar', 'NavbarMobileSidebarProvider');
  return value;
}
