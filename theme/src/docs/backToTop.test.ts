import { describe, expect, it } from 'vitest';
import { backToTopDecision } from './backToTop';

const page = { viewportHeight: 800, documentHeight: 5000 };

describe('backToTopDecision', () => {
  it('does nothing without a previous position', () => {
    expect(backToTopDecision({ ...page, lastY: null, y: 1000 })).toEqual({ cancelScroll: false });
    expect(backToTopDecision({ ...page, lastY: 0, y: 1000 })).toEqual({ cancelScroll: false });
  });

  it('hides and stops a running scroll to the top when the reader scrolls down', () => {
    expect(backToTopDecision({ ...page, lastY: 1000, y: 1200 })).toEqual({ shown: false, cancelScroll: true });
    expect(backToTopDecision({ ...page, lastY: 1000, y: 1000 })).toEqual({ shown: false, cancelScroll: true });
  });

  it('shows when scrolling up past 300 px from the top', () => {
    expect(backToTopDecision({ ...page, lastY: 1000, y: 900 })).toEqual({ shown: true, cancelScroll: false });
    expect(backToTopDecision({ ...page, lastY: 400, y: 300 })).toEqual({ shown: true, cancelScroll: false });
  });

  it('hides within 300 px of the top', () => {
    expect(backToTopDecision({ ...page, lastY: 400, y: 299 })).toEqual({ shown: false, cancelScroll: false });
  });

  it('leaves it alone when scrolling up at the very bottom (overscroll bounce)', () => {
    expect(backToTopDecision({ ...page, lastY: 4300, y: 4200 })).toEqual({ cancelScroll: false });
  });
});
