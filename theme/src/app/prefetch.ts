// Prefetching of route data (reference 7.7, spec section 7): a
// <link rel="prefetch"> when the browser supports it, otherwise a GET with
// credentials; never twice for one path or URL, never on 2g connections or
// with data-saver on. The prefetched response lands in the HTTP cache (data
// files are content-hashed and immutable), so the navigation's fetch of the
// same URL does not go to the network again.

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
 * Remembers what was prefetched, per path and per URL, for one page load.
 * One instance per router keeps tests independent of each other.
 */
export class Prefetcher {
  private readonly paths = new Set<string>();
  private readonly urls = new Set<string>();

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
