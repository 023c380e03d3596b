import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterLoadAndIdle, IN_VIEW_BUDGET_BYTES, Prefetcher, shouldSkipPrefetch } from './prefetch';

function setConnection(connection: { effectiveType?: string; saveData?: boolean } | undefined) {
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
}

const prefetchLinks = () => Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')).map((l) => l.getAttribute('href'));

beforeEach(() => {
  document.head.innerHTML = '';
  setConnection(undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setConnection(undefined);
});

describe('slow connections', () => {
  it('skips on 2g and slow-2g, and with data-saver on', () => {
    setConnection({ effectiveType: '2g' });
    expect(shouldSkipPrefetch()).toBe(true);
    setConnection({ effectiveType: 'slow-2g' });
    expect(shouldSkipPrefetch()).toBe(true);
    setConnection({ effectiveType: '4g', saveData: true });
    expect(shouldSkipPrefetch()).toBe(true);
  });

  it('prefetches on 3g/4g without data-saver, and when the browser gives no connection info', () => {
    setConnection({ effectiveType: '3g', saveData: false });
    expect(shouldSkipPrefetch()).toBe(false);
    setConnection({ effectiveType: '4g' });
    expect(shouldSkipPrefetch()).toBe(false);
    setConnection(undefined);
    expect(shouldSkipPrefetch()).toBe(false);
  });

  it('claims no path and adds no link on a slow connection', () => {
    vi.spyOn(DOMTokenList.prototype, 'supports').mockReturnValue(true);
    setConnection({ effectiveType: 'slow-2g' });
    const p = new Prefetcher();
    expect(p.claimPath('/docs/')).toBe(false);
    expect(p.url('/data/a.json')).toBe(false);
    setConnection({ effectiveType: '4g', saveData: true });
    expect(p.url('/data/a.json')).toBe(false);
    expect(prefetchLinks()).toEqual([]);
  });

  it('prefetches a path skipped on a slow connection once the connection is fast', () => {
    const p = new Prefetcher();
    setConnection({ saveData: true });
    expect(p.claimPath('/docs/')).toBe(false);
    setConnection({ effectiveType: '4g' });
    expect(p.claimPath('/docs/')).toBe(true);
  });
});

describe('never twice', () => {
  it('claims each path once', () => {
    const p = new Prefetcher();
    expect(p.claimPath('/docs/')).toBe(true);
    expect(p.claimPath('/docs/')).toBe(false);
    expect(p.claimPath('/docs/other/')).toBe(true);
  });

  it('prefetches each URL once', () => {
    vi.spyOn(DOMTokenList.prototype, 'supports').mockReturnValue(true);
    const p = new Prefetcher();
    expect(p.url('/data/a.json')).toBe(true);
    expect(p.url('/data/a.json')).toBe(false);
    expect(prefetchLinks()).toEqual(['/data/a.json']);
  });

  it('ignores empty URLs and URLs containing "undefined"', () => {
    vi.spyOn(DOMTokenList.prototype, 'supports').mockReturnValue(true);
    const p = new Prefetcher();
    expect(p.url('')).toBe(false);
    expect(p.url('/data/undefined.json')).toBe(false);
    expect(prefetchLinks()).toEqual([]);
  });

  it('keeps separate memories per prefetcher', () => {
    expect(new Prefetcher().claimPath('/a/')).toBe(true);
    expect(new Prefetcher().claimPath('/a/')).toBe(true);
  });
});

describe('link or fetch', () => {
  it('adds <link rel="prefetch"> to the head when the browser supports it', () => {
    const supports = vi.spyOn(DOMTokenList.prototype, 'supports').mockReturnValue(true);
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    new Prefetcher().url('/data/b.json');
    expect(supports).toHaveBeenCalledWith('prefetch');
    expect(prefetchLinks()).toEqual(['/data/b.json']);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('falls back to a GET with credentials, and swallows its failure', async () => {
    vi.spyOn(DOMTokenList.prototype, 'supports').mockReturnValue(false);
    const fetchSpy = vi.fn(() => Promise.reject(new TypeError('offline')));
    vi.stubGlobal('fetch', fetchSpy);
    expect(new Prefetcher().url('/data/c.json')).toBe(true);
    expect(fetchSpy).toHaveBeenCalledWith('/data/c.json', { credentials: 'include' });
    expect(prefetchLinks()).toEqual([]);
    await Promise.resolve();
  });

  it('falls back to the GET when relList.supports throws', () => {
    vi.spyOn(DOMTokenList.prototype, 'supports').mockImplementation(() => {
      throw new TypeError('not supported');
    });
    const fetchSpy = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetchSpy);
    new Prefetcher().url('/data/d.json');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});

describe('links in view', () => {
  it('are claimed apart from the reader\'s intent, each path once', () => {
    const p = new Prefetcher();
    expect(p.claimView('/docs/')).toBe(true);
    expect(p.claimView('/docs/')).toBe(false);
    expect(p.claimPath('/docs/')).toBe(true);
  });

  it('share one byte budget per page load', () => {
    const p = new Prefetcher(100);
    expect(p.spend(60)).toBe(true);
    expect(p.spend(50)).toBe(false);
    expect(p.spend(40)).toBe(true);
    expect(p.spend(1)).toBe(false);
    expect(new Prefetcher().spend(IN_VIEW_BUDGET_BYTES)).toBe(true);
  });

  it('wait for the page to load and the browser to be idle, once', async () => {
    let waits = 0;
    const p = new Prefetcher(100, () => {
      waits++;
      return Promise.resolve();
    });
    await p.settled();
    await p.settled();
    expect(waits).toBe(1);
  });
});

describe('afterLoadAndIdle', () => {
  it('waits for the load event, then for an idle period', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn));
    const state = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    let done = false;
    void afterLoadAndIdle().then(() => (done = true));
    await Promise.resolve();
    expect(idle).toHaveLength(0);
    state.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveLength(1);
    await Promise.resolve();
    expect(done).toBe(false);
    idle[0]();
    await Promise.resolve();
    expect(done).toBe(true);
  });
});
