import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { animateCollapse, collapseDuration } from './collapse';
import { stubMatchMedia } from '../shell/test-utils';

describe('collapseDuration', () => {
  it('grows with the content height, per the formula of the site being replaced', () => {
    expect(collapseDuration(36, false)).toBe(192);
    expect(collapseDuration(100, false)).toBe(239);
    expect(collapseDuration(360, false)).toBe(327);
    expect(collapseDuration(1000, false)).toBe(440);
    expect(collapseDuration(0, false)).toBe(40);
  });

  it('is 1 ms under reduced motion, so transitionend still fires', () => {
    expect(collapseDuration(36, true)).toBe(1);
    expect(collapseDuration(5000, true)).toBe(1);
  });
});

describe('animateCollapse', () => {
  let frames: FrameRequestCallback[];
  const runFrame = () => {
    const now = frames;
    frames = [];
    now.forEach((f) => f(0));
  };

  beforeEach(() => {
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => frames.push(f));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function element(height: number) {
    const el = document.createElement('div');
    Object.defineProperty(el, 'scrollHeight', { configurable: true, value: height });
    document.body.appendChild(el);
    return el;
  }
  const heightEnd = (el: HTMLElement) => {
    const e = new Event('transitionend') as TransitionEvent;
    Object.defineProperty(e, 'propertyName', { value: 'height' });
    el.dispatchEvent(e);
  };

  it('collapses: fixes the height, then the transition, then height 0; the end removes the inline styles', () => {
    const el = element(100);
    const onEnd = vi.fn();
    animateCollapse(el, true, onEnd);
    expect(el.style.height).toBe('100px');
    expect(el.style.display).toBe('block');
    runFrame();
    expect(el.style.transition).toBe('height 239ms ease-in-out');
    runFrame();
    expect(el.style.height).toBe('0px');
    expect(el.style.overflow).toBe('hidden');
    heightEnd(el);
    expect(el.getAttribute('style')).toBeFalsy();
    expect(onEnd).toHaveBeenCalledOnce();
  });

  it('expands from 0 to the content height, then back to the CSS resting state (height auto)', () => {
    const el = element(360);
    animateCollapse(el, false);
    expect(el.style.height).toBe('0px');
    runFrame();
    expect(el.style.transition).toBe('height 327ms ease-in-out');
    expect(el.style.height).toBe('360px');
    heightEnd(el);
    expect(el.style.height).toBe('');
  });

  it('uses 1 ms under prefers-reduced-motion', () => {
    stubMatchMedia({ '(prefers-reduced-motion: reduce)': true });
    const el = element(1000);
    animateCollapse(el, false);
    runFrame();
    expect(el.style.transition).toBe('height 1ms ease-in-out');
  });

  it('finishes without a transitionend (hidden ancestor) once the duration has passed', () => {
    const el = element(36);
    const onEnd = vi.fn();
    animateCollapse(el, false, onEnd);
    runFrame();
    vi.advanceTimersByTime(192 + 299);
    expect(onEnd).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onEnd).toHaveBeenCalledOnce();
    expect(el.getAttribute('style')).toBeFalsy();
  });

  it('ignores transitions of other properties and of descendants', () => {
    const el = element(36);
    const child = document.createElement('span');
    el.appendChild(child);
    const onEnd = vi.fn();
    animateCollapse(el, true, onEnd);
    runFrame();
    runFrame();
    const other = new Event('transitionend') as TransitionEvent;
    Object.defineProperty(other, 'propertyName', { value: 'opacity' });
    el.dispatchEvent(other);
    const bubbled = new Event('transitionend', { bubbles: true }) as TransitionEvent;
    Object.defineProperty(bubbled, 'propertyName', { value: 'height' });
    child.dispatchEvent(bubbled);
    expect(onEnd).not.toHaveBeenCalled();
  });

  it('continues from where a cancelled animation left off', () => {
    const el = element(100);
    const cancel = animateCollapse(el, true);
    runFrame();
    runFrame();
    cancel();
    animateCollapse(el, false);
    // Not reset to 0 first: the height transitions from where it is.
    expect(el.style.height).toBe('0px');
    runFrame();
    expect(el.style.height).toBe('100px');
  });
});
