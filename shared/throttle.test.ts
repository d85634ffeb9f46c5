import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle.ts';

describe('throttle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the first call at once', () => {
    const fn = vi.fn();
    throttle(fn, 400)();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('collapses a burst into one trailing call at the end of the interval', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 400);
    throttled();
    for (let i = 0; i < 50; i += 1) {
      vi.advanceTimersByTime(5);
      throttled();
    }
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(400 - 250 - 1);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(10_000);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('runs at most once per interval during a long stream of calls, and once after it ends', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 400);
    // 50 calls a second for 4 seconds, like a fast campaign send.
    for (let i = 0; i < 200; i += 1) {
      throttled();
      vi.advanceTimersByTime(20);
    }
    const duringStream = fn.mock.calls.length;
    expect(duringStream).toBeGreaterThanOrEqual(10);
    expect(duringStream).toBeLessThanOrEqual(11);
    vi.advanceTimersByTime(400);
    // The calls since the last run produce exactly one more run, never more.
    expect(fn.mock.calls.length).toBeLessThanOrEqual(duringStream + 1);
    vi.advanceTimersByTime(10_000);
    expect(fn.mock.calls.length).toBeLessThanOrEqual(duringStream + 1);
  });

  it('runs at once again after a quiet interval', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 400);
    throttled();
    vi.advanceTimersByTime(1_000);
    throttled();
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('cancel drops the pending trailing call and leaves no timer', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 400);
    throttled();
    throttled();
    expect(vi.getTimerCount()).toBe(1);
    throttled.cancel();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(1_000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
