import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../shell/test-utils';
import { Collapsible } from './Collapsible';

let frames: FrameRequestCallback[];
const runFrame = () => frames.splice(0).forEach((f) => f(0));

beforeEach(() => {
  frames = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((f) => frames.push(f));
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get: () => 100 });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete (HTMLElement.prototype as { scrollHeight?: number }).scrollHeight;
});

function Toggle({ lazy, initiallyCollapsed = true }: { lazy?: boolean; initiallyCollapsed?: boolean }) {
  const [collapsed, setCollapsed] = useState(initiallyCollapsed);
  return (
    <>
      <button onClick={() => setCollapsed((c) => !c)}>toggle</button>
      <Collapsible lazy={lazy} collapsed={collapsed} id="c" className="list">
        <p>content</p>
      </Collapsible>
    </>
  );
}
const box = () => document.getElementById('c')!;

describe('Collapsible', () => {
  it('renders its state as data-state, without inline styles (CSS holds the resting states)', () => {
    render(<Toggle />);
    expect(box()).toHaveAttribute('data-state', 'closed');
    expect(box()).toHaveClass('collapsible', 'list');
    expect(box()).not.toHaveAttribute('style');
    expect(screen.getByText('content')).toBeInTheDocument();
  });

  it('animates the height when toggled, with the duration for its content', () => {
    render(<Toggle />);
    fireEvent.click(screen.getByText('toggle'));
    expect(box()).toHaveAttribute('data-state', 'open');
    expect(box().style.height).toBe('0px');
    runFrame();
    expect(box().style.transition).toBe('height 239ms ease-in-out');
    expect(box().style.height).toBe('100px');
  });

  it('takes 1 ms under reduced motion', () => {
    stubMatchMedia({ '(prefers-reduced-motion: reduce)': true });
    render(<Toggle />);
    fireEvent.click(screen.getByText('toggle'));
    runFrame();
    expect(box().style.transition).toBe('height 1ms ease-in-out');
  });

  it('mounts lazy content on first expansion, animating that expansion too, then keeps it', () => {
    render(<Toggle lazy />);
    expect(document.getElementById('c')).toBeNull();
    fireEvent.click(screen.getByText('toggle'));
    expect(box()).toHaveAttribute('data-state', 'open');
    expect(box().style.height).toBe('0px');
    runFrame();
    expect(box().style.height).toBe('100px');
    fireEvent.click(screen.getByText('toggle'));
    expect(box()).toHaveAttribute('data-state', 'closed');
    expect(screen.getByText('content')).toBeInTheDocument();
  });

  it('does not animate on first mount', () => {
    render(<Toggle lazy initiallyCollapsed={false} />);
    expect(box()).toHaveAttribute('data-state', 'open');
    expect(box()).not.toHaveAttribute('style');
    expect(frames).toHaveLength(0);
  });
});
