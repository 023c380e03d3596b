import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scrollAfterNavigation, smoothScrollTo, SMOOTH_SCROLL_FACTOR } from './scroll';

let position = 0;
let maxScroll = 10_000;
let frames: FrameRequestCallback[] = [];
const positions: number[] = [];

function runFrames(limit = 1000) {
  let n = 0;
  while (frames.length && n < limit) {
    const queue = frames;
    frames = [];
    for (const f of queue) f(0);
    n++;
  }
  return n;
}

beforeEach(() => {
  position = 0;
  maxScroll = 10_000;
  frames = [];
  positions.length = 0;
  Object.defineProperty(document.documentElement, 'scrollTop', { get: () => position, configurable: true });
  window.scrollTo = vi.fn((x: number | ScrollToOptions, y?: number) => {
    const top = typeof x === 'object' ? (x.top ?? 0) : (y ?? 0);
    position = Math.max(0, Math.min(maxScroll, top));
    positions.push(position);
  }) as unknown as typeof window.scrollTo;
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
  vi.stubGlobal('cancelAnimationFrame', () => {
    frames = [];
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.style.scrollBehavior = '';
  document.body.innerHTML = '';
});

describe('smooth scroll', () => {
  it('moves each frame to target + (current - target) x 0.85 and arrives', () => {
    expect(SMOOTH_SCROLL_FACTOR).toBe(0.85);
    position = 1000;
    smoothScrollTo(0);
    runFrames();
    expect(positions[0]).toBe(850);
    expect(positions[1]).toBe(722);
    expect(positions.at(-1)).toBe(0);
    expect(frames).toHaveLength(0);
  });

  it('arrives when scrolling down too', () => {
    position = 0;
    smoothScrollTo(500);
    runFrames();
    expect(positions[0]).toBe(500 - 425);
    expect(positions.at(-1)).toBe(500);
  });

  it('stops when the page cannot scroll as far as the target', () => {
    maxScroll = 300;
    smoothScrollTo(500);
    expect(runFrames()).toBeLessThan(100);
    expect(position).toBe(300);
  });

  it('can be cancelled', () => {
    position = 1000;
    const cancel = smoothScrollTo(0);
    runFrames(2);
    cancel();
    const stoppedAt = position;
    runFrames();
    expect(position).toBe(stoppedAt);
    expect(stoppedAt).toBeGreaterThan(0);
  });

  it('uses the native smooth scroll when the page asks for it', () => {
    document.documentElement.style.scrollBehavior = 'smooth';
    position = 1000;
    smoothScrollTo(0);
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(frames).toHaveLength(0);
  });
});

describe('scroll after navigation', () => {
  it('scrolls to the top without a hash', () => {
    scrollAfterNavigation('');
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('scrolls the decoded hash target into view, and does nothing for a missing target', () => {
    document.body.innerHTML = '<h2 id="über">x</h2>';
    const seen: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      seen.push(this.id);
    };
    scrollAfterNavigation('#%C3%BCber');
    scrollAfterNavigation('#missing');
    scrollAfterNavigation('#%E0%A4%A');
    expect(seen).toEqual(['über']);
    expect(window.scrollTo).not.toHaveBeenCalled();
  });
});
