import NProgress from 'nprogress';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROGRESS_DELAY_MS, startProgress } from './progress';

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(NProgress, 'start');
  vi.spyOn(NProgress, 'done');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  NProgress.remove();
  NProgress.status = null;
});

describe('progress bar', () => {
  it('uses the nprogress 0.2.0 settings the spec names', () => {
    startProgress()();
    const settings = NProgress.settings as unknown as Record<string, unknown>;
    expect(settings.minimum).toBe(0.08);
    expect(settings.speed).toBe(200);
    expect(settings.trickleRate).toBe(0.02);
    expect(settings.trickleSpeed).toBe(800);
    expect(settings.trickle).toBe(true);
    expect(settings.easing).toBe('ease');
    expect(settings.showSpinner).toBe(false);
  });

  it('shows nothing for navigations that finish within 200 ms', () => {
    expect(PROGRESS_DELAY_MS).toBe(200);
    const done = startProgress();
    vi.advanceTimersByTime(199);
    done();
    vi.advanceTimersByTime(1000);
    expect(NProgress.start).not.toHaveBeenCalled();
    expect(NProgress.done).not.toHaveBeenCalled();
    expect(document.getElementById('nprogress')).toBeNull();
  });

  it('starts at 200 ms and completes when the navigation ends', () => {
    const done = startProgress();
    vi.advanceTimersByTime(200);
    expect(NProgress.start).toHaveBeenCalledTimes(1);
    expect(document.querySelector('#nprogress .bar')).not.toBeNull();
    expect(document.querySelector('#nprogress .spinner')).toBeNull();
    done();
    expect(NProgress.done).toHaveBeenCalledTimes(1);
    done();
    expect(NProgress.done).toHaveBeenCalledTimes(1);
  });
});
