import { LOADING_BAR } from '../../lib/config.ts';

export interface LoadingBarState {
  visible: boolean;
  /** 0 to 1. */
  progress: number;
}

const TICK_MS = 100;

/**
 * The navigation loading bar (spec §2, §9): shown only when a navigation lasts longer than the 200 ms throttle,
 * fills over 5000 ms (never reaching the end on its own), jumps to full when the page arrives and hides 500 ms
 * later. `render` receives every state change.
 */
export class LoadingBar {
  private readonly render: (state: LoadingBarState) => void;
  private throttleTimer: ReturnType<typeof setTimeout> | undefined;
  private hideTimer: ReturnType<typeof setTimeout> | undefined;
  private ticker: ReturnType<typeof setInterval> | undefined;
  private startedAt = 0;
  private state: LoadingBarState = { visible: false, progress: 0 };

  constructor(render: (state: LoadingBarState) => void) {
    this.render = render;
  }

  private set(state: LoadingBarState) {
    this.state = state;
    this.render(state);
  }

  start(): void {
    this.stopTimers();
    this.startedAt = Date.now();
    this.throttleTimer = setTimeout(() => {
      this.set({ visible: true, progress: this.elapsedProgress() });
      this.ticker = setInterval(() => this.set({ visible: true, progress: this.elapsedProgress() }), TICK_MS);
    }, LOADING_BAR.throttleMs);
  }

  finish(): void {
    clearTimeout(this.throttleTimer);
    clearInterval(this.ticker);
    if (!this.state.visible) return;
    this.set({ visible: true, progress: 1 });
    clearTimeout(this.hideTimer);
    this.hideTimer = setTimeout(() => this.set({ visible: false, progress: 0 }), LOADING_BAR.hideDelayMs);
  }

  private elapsedProgress(): number {
    // Capped below 1 so a slow page never looks finished before it arrives.
    return Math.min((Date.now() - this.startedAt) / LOADING_BAR.durationMs, 0.95);
  }

  private stopTimers() {
    clearTimeout(this.throttleTimer);
    clearTimeout(this.hideTimer);
    clearInterval(this.ticker);
  }
}
