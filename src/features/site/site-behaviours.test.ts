import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingBar, type LoadingBarState } from './loading-bar.ts';
import { linearScrollPosition, scrollToTop, showGoToTop } from './scroll-top.ts';

describe('loading bar', () => {
  let states: LoadingBarState[];
  let bar: LoadingBar;
  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
    bar = new LoadingBar((state) => states.push(state));
  });
  afterEach(() => vi.useRealTimers());

  it('stays hidden for navigations shorter than the 200 ms throttle', () => {
    bar.start();
    vi.advanceTimersByTime(199);
    bar.finish();
    vi.advanceTimersByTime(1000);
    expect(states).toEqual([]);
  });

  it('appears after 200 ms, fills over 5 s, completes and hides 500 ms after the page arrives', () => {
    bar.start();
    vi.advanceTimersByTime(200);
    expect(states.at(-1)).toEqual({ visible: true, progress: 200 / 5000 });
    vi.advanceTimersByTime(2300);
    expect(states.at(-1)?.progress).toBeCloseTo(0.5);
    vi.advanceTimersByTime(10_000);
    expect(states.at(-1)?.progress).toBe(0.95);
    bar.finish();
    expect(states.at(-1)).toEqual({ visible: true, progress: 1 });
    vi.advanceTimersByTime(499);
    expect(states.at(-1)?.visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(states.at(-1)).toEqual({ visible: false, progress: 0 });
  });
});

describe('go to top', () => {
  it('shows beyond one window height', () => {
    expect(showGoToTop(800, 800)).toBe(false);
    expect(showGoToTop(801, 800)).toBe(true);
  });

  it('scrolls linearly in 500 ms', () => {
    expect(linearScrollPosition(1000, 0)).toBe(1000);
    expect(linearScrollPosition(1000, 250)).toBe(500);
    expect(linearScrollPosition(1000, 375)).toBe(250);
    expect(linearScrollPosition(1000, 500)).toBe(0);
  });

  it('animates frame by frame to the top, or jumps when reduced motion is asked', async () => {
    const frames = [0, 100, 250, 400, 500];
    const positions: number[] = [];
    const win = {
      scrollY: 2000,
      scrollTo: (_x: number, y: number) => positions.push(y),
      requestAnimationFrame: (callback: (time: number) => void) => {
        queueMicrotask(() => callback(frames.shift() ?? 600));
        return 0;
      },
      matchMedia: () => ({ matches: false }),
    };
    await scrollToTop(win);
    expect(positions).toEqual([2000, 1600, 1000, 400, 0]);

    positions.length = 0;
    await scrollToTop({ ...win, matchMedia: () => ({ matches: true }) });
    expect(positions).toEqual([0]);
  });
});
