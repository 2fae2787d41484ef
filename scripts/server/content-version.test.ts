import { describe, expect, it, vi } from 'vitest';
import { ContentVersionWatch } from './content-version.ts';

describe('ContentVersionWatch', () => {
  it('asks at most once per interval, one request at a time', async () => {
    let now = 0;
    const fetchVersion = vi.fn(async () => 7);
    const watch = new ContentVersionWatch(fetchVersion, { refreshMs: 1000, now: () => now });
    expect(await Promise.all([watch.current(), watch.current(), watch.current()])).toEqual([7, 7, 7]);
    expect(fetchVersion).toHaveBeenCalledTimes(1);
    now = 999;
    await watch.current();
    expect(fetchVersion).toHaveBeenCalledTimes(1);
    now = 1000;
    fetchVersion.mockResolvedValueOnce(8);
    expect(await watch.current()).toBe(8);
  });

  it('knows no version while the back-office does not answer, and learns it again after', async () => {
    let now = 0;
    const fetchVersion = vi.fn(async () => 3);
    const watch = new ContentVersionWatch(fetchVersion, { refreshMs: 1000, now: () => now });
    await watch.current();
    now = 2000;
    fetchVersion.mockRejectedValueOnce(new Error('down'));
    expect(await watch.current()).toBeUndefined();
    expect(await watch.current()).toBe(3);
  });
});
