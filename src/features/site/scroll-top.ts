import { SCROLL_TOP } from '../../lib/config.ts';

/** The go-to-top button shows once the page is scrolled beyond one window height (spec §2). */
export function showGoToTop(scrollY: number, windowHeight: number): boolean {
  return scrollY > windowHeight;
}

/** Linear position `elapsed` ms into a scroll from `start` to the top over 500 ms. */
export function linearScrollPosition(
  start: number,
  elapsed: number,
  duration: number = SCROLL_TOP.durationMs,
) {
  if (elapsed >= duration) return 0;
  return Math.round(start * (1 - elapsed / duration));
}

interface ScrollWindow {
  scrollY: number;
  scrollTo(x: number, y: number): void;
  requestAnimationFrame(callback: (time: number) => void): number;
  matchMedia(query: string): { matches: boolean };
}

/** Scrolls to the top linearly in 500 ms; immediately when the visitor asked for reduced motion. */
export function scrollToTop(win: ScrollWindow): Promise<void> {
  const start = win.scrollY;
  if (win.matchMedia('(prefers-reduced-motion: reduce)').matches || start === 0) {
    win.scrollTo(0, 0);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    let origin: number | undefined;
    const step = (time: number) => {
      origin ??= time;
      const y = linearScrollPosition(start, time - origin);
      win.scrollTo(0, y);
      if (y === 0) resolve();
      else win.requestAnimationFrame(step);
    };
    win.requestAnimationFrame(step);
  });
}
