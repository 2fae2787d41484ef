import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RebuildCoordinator } from './rebuild-coordinator.ts';

/** A rebuild the test finishes by hand, recording when each build started. */
function controlledRebuild() {
  const starts: number[] = [];
  const finishers: ((error?: Error) => void)[] = [];
  const rebuild = vi.fn(
    () =>
      new Promise<void>((resolve, reject) => {
        starts.push(Date.now());
        finishers.push((error) => (error ? reject(error) : resolve()));
      }),
  );
  /** Finishes the oldest unfinished build and lets its promise callbacks run. */
  const finish = async (error?: Error) => {
    finishers.shift()?.(error);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { rebuild, starts, finish };
}

describe('the rebuild coordinator', () => {
  let t0: number;
  beforeEach(() => {
    vi.useFakeTimers();
    t0 = Date.now();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function coordinator(rebuild: () => Promise<unknown>, onError = vi.fn()) {
    return new RebuildCoordinator({ rebuild, quietMs: 1_000, maxDelayMs: 5_000, onError });
  }

  it('builds once, a quiet period after the last of a burst of requests', async () => {
    const { rebuild, starts } = controlledRebuild();
    const c = coordinator(rebuild);
    expect(c.busy).toBe(false);
    c.request();
    expect(c.busy).toBe(true);
    await vi.advanceTimersByTimeAsync(600);
    c.request();
    await vi.advanceTimersByTimeAsync(600);
    c.request();
    await vi.advanceTimersByTimeAsync(999);
    expect(rebuild).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(starts).toEqual([t0 + 2_200]);
    expect(c.busy).toBe(true);
  });

  it('does not wait longer than the bound when requests never stop', async () => {
    const { rebuild, starts } = controlledRebuild();
    const c = coordinator(rebuild);
    for (let i = 0; i < 20; i++) {
      c.request();
      await vi.advanceTimersByTimeAsync(500);
    }
    expect(starts[0]).toBe(t0 + 5_000);
  });

  it('never overlaps builds: any number of requests during a build make exactly one more, after it', async () => {
    const { rebuild, starts, finish } = controlledRebuild();
    const c = coordinator(rebuild);
    c.request();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(starts).toEqual([t0 + 1_000]);

    for (let i = 0; i < 5; i++) {
      c.request();
      await vi.advanceTimersByTimeAsync(2_000);
    }
    expect(rebuild).toHaveBeenCalledTimes(1);
    await finish();
    // The requests' quiet period (and the bound) is over by then: the follow-up starts at once.
    expect(starts).toEqual([t0 + 1_000, t0 + 11_000]);
    await finish();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(rebuild).toHaveBeenCalledTimes(2);
    expect(c.busy).toBe(false);
  });

  it('waits out the quiet period of a request that arrived just before a build ended', async () => {
    const { rebuild, starts, finish } = controlledRebuild();
    const c = coordinator(rebuild);
    c.request();
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.advanceTimersByTimeAsync(3_000);
    c.request();
    await vi.advanceTimersByTimeAsync(200);
    await finish();
    expect(rebuild).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(800);
    expect(starts).toEqual([t0 + 1_000, t0 + 5_000]);
  });

  it('reports a failed build and builds again on the next request', async () => {
    const { rebuild, finish } = controlledRebuild();
    const onError = vi.fn();
    const c = coordinator(rebuild, onError);
    c.request();
    await vi.advanceTimersByTimeAsync(1_000);
    await finish(new Error('astro failed'));
    expect(onError).toHaveBeenCalledWith(new Error('astro failed'));
    expect(c.busy).toBe(false);
    c.request();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(rebuild).toHaveBeenCalledTimes(2);
  });

  it('runNow builds at once, or right after the running build, and resolves when its build is done', async () => {
    const { rebuild, starts, finish } = controlledRebuild();
    const c = coordinator(rebuild);
    let firstDone = false;
    void c.runNow().then(() => (firstDone = true));
    expect(starts).toEqual([t0]);

    let secondDone = false;
    await vi.advanceTimersByTimeAsync(300);
    void c.runNow().then(() => (secondDone = true));
    c.request();
    await finish();
    expect(firstDone).toBe(true);
    expect(secondDone).toBe(false);
    // One follow-up covers both the runNow and the request made during the first build.
    expect(starts).toEqual([t0, t0 + 300]);
    await finish();
    expect(secondDone).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(rebuild).toHaveBeenCalledTimes(2);
  });

  it('stop cancels a scheduled build and waits for the running one', async () => {
    const { rebuild, finish } = controlledRebuild();
    const c = coordinator(rebuild);
    c.request();
    await vi.advanceTimersByTimeAsync(1_000);
    c.request();
    let stopped = false;
    void c.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    await finish();
    expect(stopped).toBe(true);
    c.request();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(rebuild).toHaveBeenCalledTimes(1);
  });
});
