// When the back-to-top button shows (reference 2.10): a pure function of
// two scroll positions, so it is tested without layout.

/** The button shows only past this many pixels from the top. */
export const BACK_TO_TOP_THRESHOLD = 300;

export interface ScrollSample {
  /** The previous scroll position; null or 0 before any scroll (mount). */
  lastY: number | null;
  y: number;
  viewportHeight: number;
  documentHeight: number;
}

export interface BackToTopDecision {
  /** The new visibility, or undefined to leave it as it is. */
  shown?: boolean;
  /** Stop a running scroll to the top: the reader scrolls down. */
  cancelScroll: boolean;
}

/**
 * What one scroll event does to the button: nothing without a previous
 * position; scrolling down (or not moving) hides it and stops a running
 * scroll to the top; near the top hides it; scrolling up shows it, except at
 * the very bottom of the page (where an overscroll bounce scrolls "up").
 */
export function backToTopDecision({ lastY, y, viewportHeight, documentHeight }: ScrollSample): BackToTopDecision {
  if (!lastY) return { cancelScroll: false };
  const scrollingUp = y < lastY;
  if (!scrollingUp) return { shown: false, cancelScroll: true };
  if (y < BACK_TO_TOP_THRESHOLD) return { shown: false, cancelScroll: false };
  if (y + viewportHeight < documentHeight) return { shown: true, cancelScroll: false };
  return { cancelScroll: false };
}
