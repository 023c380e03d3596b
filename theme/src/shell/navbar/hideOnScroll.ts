// Hide on scroll (reference 3.5), for themeConfig.navbar.hideOnScroll: the
// navbar hides while the reader scrolls down, comes back when they scroll
// up, is always shown within its own height of the top, and hides after a
// jump to an in-page anchor. The decision is a pure function; the hook feeds
// it from the window.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Location } from '../../app/router';
import { useScrollController } from '../scrollController';

export interface ScrollSample {
  /** Current vertical scroll position. */
  y: number;
  /** The position at the previous scroll event; null before the first. */
  previousY: number | null;
  navbarHeight: number;
  viewportHeight: number;
  scrollHeight: number;
  /** Set after a navigation to an in-page anchor: the scroll it causes is ignored. */
  anchorNavigation: boolean;
}

export interface ScrollDecision {
  /** The new visibility, or undefined to keep the current one. */
  visible: boolean | undefined;
  /** Whether the anchor-navigation flag was consumed. */
  clearAnchorFlag: boolean;
}

export function decideNavbarVisibility(s: ScrollSample): ScrollDecision {
  if (s.y < s.navbarHeight) return { visible: true, clearAnchorFlag: false };
  if (s.anchorNavigation) return { visible: undefined, clearAnchorFlag: true };
  if (s.previousY && s.y >= s.previousY) return { visible: false, clearAnchorFlag: false };
  // Scrolling up shows it, except at the very bottom, where an overscroll
  // bounce would otherwise flash it.
  if (s.y + s.viewportHeight < s.scrollHeight - s.navbarHeight) return { visible: true, clearAnchorFlag: false };
  return { visible: undefined, clearAnchorFlag: false };
}

/** Whether a location's hash names an element of the page. */
function hashTargetExists(hash: string): boolean {
  if (!hash || hash === '#') return false;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // keep the raw id
  }
  return document.getElementById(id) !== null;
}

export function useHideableNavbar(enabled: boolean, location: Location): { navbarRef: (el: HTMLElement | null) => void; isNavbarVisible: boolean } {
  const { scrollEventsEnabledRef } = useScrollController();
  const [visible, setVisible] = useState(true);
  const navbarHeight = useRef(0);
  const previousY = useRef<number | null>(null);
  const anchorNavigation = useRef(false);

  const navbarRef = useCallback((el: HTMLElement | null) => {
    if (el !== null) navbarHeight.current = el.getBoundingClientRect().height;
  }, []);

  useEffect(() => {
    if (!enabled) return;
    const onScroll = () => {
      if (!scrollEventsEnabledRef.current) return;
      const y = window.pageYOffset;
      const decision = decideNavbarVisibility({
        y,
        previousY: previousY.current,
        navbarHeight: navbarHeight.current,
        viewportHeight: window.innerHeight,
        scrollHeight: document.documentElement.scrollHeight,
        anchorNavigation: anchorNavigation.current,
      });
      previousY.current = y;
      if (decision.clearAnchorFlag) anchorNavigation.current = false;
      if (decision.visible !== undefined) setVisible(decision.visible);
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled, scrollEventsEnabledRef]);

  // After each navigation (not the first render): a jump to an anchor hides
  // the navbar so it does not cover the target; anything else shows it.
  const firstLocation = useRef(true);
  useEffect(() => {
    if (firstLocation.current) {
      firstLocation.current = false;
      return;
    }
    if (!enabled) return;
    if (hashTargetExists(location.hash)) {
      anchorNavigation.current = true;
      setVisible(false);
    } else {
      setVisible(true);
    }
  }, [enabled, location]);

  return { navbarRef, isNavbarVisible: !enabled || visible };
}
