// The height animation behind every collapsible block: sidebar categories,
// the mobile table of contents and <details> in content (reference 3.7).
//
// The resting states live in CSS, keyed on data-state="open|closed" (see
// theme.css, "docs"), so server HTML needs no style attributes and works
// under a Content-Security-Policy without 'unsafe-inline' styles. While an
// animation runs, inline styles set through the CSSOM (which CSP allows)
// override the resting state; when it ends they are removed again.

/** Whether the reader asked for less motion. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Duration of a collapse or expand animation of content `height` px tall:
 * longer for taller content, but sub-linearly. Under reduced motion 1 ms,
 * not 0, so that transitionend still fires.
 */
export function collapseDuration(height: number, reducedMotion: boolean): number {
  if (reducedMotion) return 1;
  const c = height / 36;
  return Math.round((4 + 15 * c ** 0.25 + c / 5) * 10);
}

/** Extra time after the expected end before the animation is finished without a transitionend. */
const SAFETY_MARGIN_MS = 300;

/**
 * Animates `el` to collapsed or expanded. Call it after data-state has been
 * switched to the target state. Returns a cancel function that stops the
 * animation where it is (a new animation continues from there).
 *
 * Collapse: fix the current height, then on the next frame set the
 * transition, on the one after that height 0. Expand: start from height 0
 * (or wherever an interrupted animation left it), then on the next frame set
 * the transition and the content's scrollHeight. When the height transition
 * ends, the inline styles go and the CSS resting state applies, so an
 * expanded block ends at height:auto. A transition that never starts (a
 * hidden ancestor, zero height) cannot end, so a timer finishes it too.
 */
export function animateCollapse(el: HTMLElement, collapsed: boolean, onEnd?: () => void): () => void {
  const style = el.style;
  const interrupted = style.height !== '';
  const frames: number[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined = undefined; // set once the animation starts
  let finished = false;

  const stop = () => {
    frames.forEach((f) => cancelAnimationFrame(f));
    if (timer !== undefined) clearTimeout(timer);
    el.removeEventListener('transitionend', onTransitionEnd);
  };
  const finish = () => {
    if (finished) return;
    finished = true;
    stop();
    style.removeProperty('will-change');
    style.removeProperty('transition');
    style.removeProperty('height');
    style.removeProperty('overflow');
    style.removeProperty('display');
    onEnd?.();
  };
  function onTransitionEnd(e: TransitionEvent) {
    if (e.target === el && e.propertyName === 'height') finish();
  }
  const nextFrame = (fn: () => void) => frames.push(requestAnimationFrame(fn));

  el.addEventListener('transitionend', onTransitionEnd);
  style.willChange = 'height';
  style.display = 'block';
  style.overflow = 'hidden';
  // The starting height, unless an interrupted animation left one. Reading
  // scrollHeight below makes the browser compute it, so the transition
  // starts from there (CSS transitions run from the last computed value).
  if (!interrupted) style.height = collapsed ? 'auto' : '0px';
  const contentHeight = el.scrollHeight;
  const duration = collapseDuration(contentHeight, prefersReducedMotion());
  const transition = `height ${duration}ms ease-in-out`;

  if (collapsed) {
    if (!interrupted) {
      style.height = `${contentHeight}px`;
      void el.offsetHeight;
    }
    nextFrame(() => {
      style.transition = transition;
      nextFrame(() => {
        style.height = '0px';
      });
    });
  } else {
    nextFrame(() => {
      style.transition = transition;
      style.height = `${el.scrollHeight}px`;
    });
  }
  timer = setTimeout(finish, duration + SAFETY_MARGIN_MS);
  return () => {
    if (!finished) stop();
  };
}
