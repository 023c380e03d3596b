// The back-to-top button of docs pages (reference 2.10): shown when the
// reader scrolls up after going more than 300 px down; scrolls smoothly to
// the top.
import { useEffect, useRef, useState } from 'react';
import { useRouter } from '../app/router';
import { smoothScrollTo } from '../app/scroll';
import { useScrollController } from '../shell/scrollController';
import { backToTopDecision } from './backToTop';

export function BackToTopButton() {
  const [shown, setShown] = useState(false);
  const cancelScroll = useRef<(() => void) | null>(null);
  // Set by a navigation to a #hash: the scroll that follows is the jump to
  // the heading, not the reader scrolling up.
  const hashNavigation = useRef(false);
  const { location } = useRouter();
  const { scrollEventsEnabledRef } = useScrollController();

  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (location.hash) {
      hashNavigation.current = true;
      setShown(false);
    }
  }, [location]);

  useEffect(() => {
    let lastY: number | null = window.scrollY;
    const onScroll = () => {
      // Scrolls the page makes itself (keeping a switched tab in place) are not the reader's.
      if (!scrollEventsEnabledRef.current) return;
      const y = window.scrollY;
      const previous = lastY;
      lastY = y;
      if (hashNavigation.current) {
        hashNavigation.current = false;
        return;
      }
      const decision = backToTopDecision({
        lastY: previous,
        y,
        viewportHeight: window.innerHeight,
        documentHeight: document.documentElement.scrollHeight,
      });
      if (decision.cancelScroll) {
        cancelScroll.current?.();
        cancelScroll.current = null;
      }
      if (decision.shown !== undefined) setShown(decision.shown);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelScroll.current?.();
    };
  }, [scrollEventsEnabledRef]);

  return (
    <button
      type="button"
      aria-label="Scroll back to top"
      className={`clean-btn theme-back-to-top-button back-to-top${shown ? ' back-to-top--show' : ''}`}
      onClick={() => {
        cancelScroll.current?.();
        cancelScroll.current = smoothScrollTo(0);
      }}
    />
  );
}
