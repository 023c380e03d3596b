// Prefetching of route data (reference 7.7, spec section 7): a
// <link rel="prefetch"> when the browser supports it, otherwise a GET with
// credentials; never twice for one path or URL, never on 2g connections or
// with data-saver on. The prefetched response lands in the HTTP cache (data
// files are content-hashed and immutable), so the navigation's fetch of the
// same URL does not go to the network again.
//
// Two kinds (issue 16): a reader's intent (hover, focus, touch) prefetches
// its target at once; a link merely in view waits until the page has loaded
// and the browser is idle, and all such prefetches of one page load share a
// byte budget, so they never compete with the page itself.

interface NetworkInformation {
  effectiveType?: string;
  saveData?: boolean;
}

/** Whether the connection is too slow or metered for speculative loads (2g, slow-2g, data-saver). */
export function shouldSkipPrefetch(nav: Navigator | undefined = typeof navigator === 'undefined' ? undefined : navigator): boolean {
  const connection = (nav as (Navigator & { connection?: NetworkInformation }) | undefined)?.connection;
  if (!connection) return false;
  return connection.saveData === true || (connection.effectiveType ?? '').includes('2g');
}

function supportsLinkPrefetch(): boolean {
  try {
    const link = document.createElement('link');
    return !!link.relList && typeof link.relList.supports === 'function' && link.relList.supports('prefetch');
  } catch {
    return false;
  }
}

/**
 * The page data that links in view may prefetch in one page load, in bytes
 * as the files are on disk (about a fifth of that goes over the wire): half
 * a dozen typical pages.
 */
export const IN_VIEW_BUDGET_BYTES = 200_000;

/** Resolves once the page has loaded and then the browser has been idle (at most 2 s later). */
export function afterLoadAndIdle(): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: 2000 });
      else setTimeout(resolve, 200);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
}

/**
 * Remembers what was prefetched, per path and per URL, for one page load.
 * One instance per router keeps tests independent of each other.
 */
export class Prefetcher {
  private readonly paths = new Set<string>();
  private readonly viewed = new Set<string>();
  private readonly urls = new Set<string>();
  private spent = 0;
  private idle: Promise<void> | null = null;

  constructor(
    private readonly budget = IN_VIEW_BUDGET_BYTES,
    private readonly waitForIdle: () => Promise<void> = afterLoadAndIdle,
  ) {}

  /** Resolves when prefetches of links in view may start: after load, when idle. */
  settled(): Promise<void> {
    this.idle ??= this.waitForIdle();
    return this.idle;
  }

  /** Claims a path seen in view: false on a slow connection or when it was claimed already. */
  claimView(path: string): boolean {
    if (shouldSkipPrefetch() || this.viewed.has(path)) return false;
    this.viewed.add(path);
    return true;
  }

  /** Takes bytes from the budget of links in view; false (taking nothing) when they do not fit. */
  spend(bytes: number): boolean {
    if (this.spent + bytes > this.budget) return false;
    this.spent += bytes;
    return true;
  }

  /** Whether a URL was prefetched already. */
  has(url: string): boolean {
    return this.urls.has(url);
  }

  /**
   * Claims a path for prefetching: false on a slow connection or when the
   * path was already claimed, so the caller does nothing.
   */
  claimPath(path: string): boolean {
    if (shouldSkipPrefetch() || this.paths.has(path)) return false;
    this.paths.add(path);
    return true;
  }

  /** Prefetches one asset URL; false when skipped (slow connection, or already done). */
  url(url: string): boolean {
    if (!url || url.includes('undefined') || this.urls.has(url) || shouldSkipPrefetch()) return false;
    this.urls.add(url);
    if (supportsLinkPrefetch()) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.href = url;
      document.head.appendChild(link);
    } else {
      // Failures are swallowed: a prefetch is only a hint.
      void fetch(url, { credentials: 'include' }).catch(() => {});
    }
    return true;
  }
}
