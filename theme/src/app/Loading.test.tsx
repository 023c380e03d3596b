import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADING_DELAY_MS, LoadFailed, Loading } from './Loading';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Loading', () => {
  it('renders nothing for the first 200 ms, then the spinner', () => {
    expect(LOADING_DELAY_MS).toBe(200);
    const { container } = render(<Loading />);
    expect(container).toBeEmptyDOMElement();
    act(() => {
      vi.advanceTimersByTime(199);
    });
    expect(container).toBeEmptyDOMElement();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    const svg = container.querySelector('svg#loader')!;
    expect(svg.getAttribute('width')).toBe('128');
    expect(svg.getAttribute('height')).toBe('110');
    expect(svg.getAttribute('stroke')).toBe('#61dafb');
  });

  it('never shows the spinner when unmounted before the delay', () => {
    const { container, unmount } = render(<Loading />);
    act(() => {
      vi.advanceTimersByTime(100);
    });
    unmount();
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(container).toBeEmptyDOMElement();
  });
});

describe('LoadFailed', () => {
  it('shows the error as text and retries on Retry', () => {
    const retry = vi.fn();
    render(<LoadFailed error={new Error('Failed to load /data/x.json: HTTP 500')} retry={retry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Error: Failed to load /data/x.json: HTTP 500');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
