// The route-change progress bar (reference 7.3): nprogress with the site
// being replaced's settings, started only when a navigation takes longer
// than 200 ms, so fast navigations show nothing.
import NProgress from 'nprogress';

export const PROGRESS_DELAY_MS = 200;

/**
 * nprogress 0.2.0's option names (its settings object): minimum, speed,
 * trickleRate and trickleSpeed are the library defaults, set explicitly so
 * an upgrade cannot change them. trickleRate is missing from
 * @types/nprogress 0.2.3 but is read by the library (NProgress.trickle).
 */
export const PROGRESS_SETTINGS = {
  minimum: 0.08,
  easing: 'ease',
  speed: 200,
  trickle: true,
  trickleRate: 0.02,
  trickleSpeed: 800,
  showSpinner: false,
} as const;

let configured = false;

function configure() {
  if (configured) return;
  configured = true;
  NProgress.configure(PROGRESS_SETTINGS as Partial<NProgress.NProgressOptions>);
}

/** Starts the bar after the delay; the returned function finishes it, or cancels it if it never started. */
export function startProgress(): () => void {
  configure();
  let started = false;
  let finished = false;
  const timer = window.setTimeout(() => {
    started = true;
    NProgress.start();
  }, PROGRESS_DELAY_MS);
  return () => {
    if (finished) return;
    finished = true;
    window.clearTimeout(timer);
    if (started) NProgress.done();
  };
}
