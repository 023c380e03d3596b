import { afterEach, describe, expect, it, vi } from 'vitest';
import { colorModeScript, POSITIONED_ATTRIBUTE } from './inlineScripts';
import { fixtureSite } from './shell/test-utils';

const html = document.documentElement;

/** Runs the inline head script as the browser would, at the given URL. */
function runAt(url: string) {
  window.history.replaceState(null, '', url);
  new Function(colorModeScript(fixtureSite()))();
}

afterEach(() => {
  vi.restoreAllMocks();
  html.removeAttribute(POSITIONED_ATTRIBUTE);
  window.history.replaceState(null, '', '/');
});

describe('the head script marks a page opened at a place in it', () => {
  it('marks it when the URL has a fragment', () => {
    runAt('/docs/a/#search-parameters');
    expect(html.hasAttribute(POSITIONED_ATTRIBUTE)).toBe(true);
  });

  it("marks it on a reload and on back and forward, where the browser restores the reader's place", () => {
    for (const type of ['reload', 'back_forward']) {
      html.removeAttribute(POSITIONED_ATTRIBUTE);
      vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type } as unknown as PerformanceEntry]);
      runAt('/docs/a/');
      expect(html.hasAttribute(POSITIONED_ATTRIBUTE), type).toBe(true);
    }
  });

  it('does not mark a fresh load without a fragment, or with an empty one', () => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type: 'navigate' } as unknown as PerformanceEntry]);
    runAt('/docs/a/');
    expect(html.hasAttribute(POSITIONED_ATTRIBUTE)).toBe(false);
    runAt('/docs/a/#');
    expect(html.hasAttribute(POSITIONED_ATTRIBUTE)).toBe(false);
  });
});
