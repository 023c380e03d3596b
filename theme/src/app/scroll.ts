// Scrolling after navigation (reference 7.5) and the smooth scroll used by
// the back-to-top button (reference 7.6).

/** The per-frame easing of the smooth scroll: each frame keeps 85 % of the remaining distance. */
export const SMOOTH_SCROLL_FACTOR = 0.85;

/**
 * Scrolls to the element the hash names (decoded, without "#"), or to the
 * top when there is no hash. A hash naming no element does nothing. The
 * jump is instant; headings' scroll-margin keeps them below the navbar.
 */
export function scrollAfterNavigation(hash: string): void {
  if (!hash || hash === '#') {
    window.scrollTo(0, 0);
    return;
  }
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // Keep the raw id when it is not valid percent-encoding.
  }
  document.getElementById(id)?.scrollIntoView();
}

/**
 * Scrolls the page to `top`: natively when the page's CSS asks for smooth
 * scrolling, else one frame at a time, each frame moving to
 * target + (current − target) × 0.85. The direction is fixed at the start.
 * Returns a function that cancels the pending frame (used when the user
 * scrolls the other way during the animation).
 */
export function smoothScrollTo(top: number): () => void {
  const root = document.documentElement;
  if (typeof getComputedStyle === 'function' && getComputedStyle(root).scrollBehavior === 'smooth') {
    window.scrollTo({ top, behavior: 'smooth' });
    return () => {};
  }
  let frame: number | null = null;
  const up = root.scrollTop > top;
  let previous = Number.NaN;
  const step = () => {
    frame = null;
    const current = root.scrollTop;
    const pending = up ? current > top : current < top;
    // Stop when the page cannot scroll any further (its end is nearer than the target).
    if (!pending || current === previous) return;
    previous = current;
    const distance = (current - top) * SMOOTH_SCROLL_FACTOR;
    // Round towards the target so the last step always arrives.
    const next = top + (up ? Math.floor(distance) : Math.ceil(distance));
    frame = requestAnimationFrame(step);
    window.scrollTo(0, next);
  };
  step();
  return () => {
    if (frame !== null) cancelAnimationFrame(frame);
    frame = null;
  };
}
