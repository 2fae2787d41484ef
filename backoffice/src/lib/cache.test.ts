import { describe, expect, it } from 'vitest';
import { ReadCache } from './cache.ts';

const value = (v: string) => () => Promise.resolve(v);

describe('ReadCache', () => {
  it('drops the least recently used entry when full, not the oldest one read since', async () => {
    const cache = new ReadCache({ maxEntries: 2 });
    await cache.get('catalogue', value('catalogue'));
    await cache.get('search:a', value('a'));
    await cache.get('catalogue', value('reloaded'));
    await cache.get('search:b', value('b'));
    expect(await cache.get('catalogue', value('reloaded'))).toBe('catalogue');
    expect(await cache.get('search:a', value('a again'))).toBe('a again');
  });

  it('runs one load for concurrent misses on a key', async () => {
    const cache = new ReadCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return loads;
    };
    expect(await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])).toEqual([
      1, 1, 1,
    ]);
    expect(loads).toBe(1);
  });

  it('does not keep what a load read before a clear, and loads again after a failure', async () => {
    const cache = new ReadCache();
    let release!: () => void;
    const slow = cache.get('k', () => new Promise<string>((resolve) => (release = () => resolve('before'))));
    cache.clear();
    release();
    expect(await slow).toBe('before');
    expect(await cache.get('k', value('after'))).toBe('after');

    await expect(cache.get('f', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('f', value('up'))).toBe('up');
  });

  it('expires entries after the time to live', async () => {
    const cache = new ReadCache({ ttlMs: 0 });
    await cache.get('k', value('first'));
    expect(await cache.get('k', value('second'))).toBe('second');
  });

  it('answers a provisional value without storing it, nor what was built from it', async () => {
    const cache = new ReadCache();
    let reads = 0;
    const provisional = () =>
      cache.get('inner', async () => {
        reads += 1;
        cache.markProvisional();
        return 'stale';
      });
    const outer = () => cache.get('outer', async () => `built from ${await provisional()}`);
    expect(await Promise.all([outer(), outer()])).toEqual(['built from stale', 'built from stale']);
    expect(await outer()).toBe('built from stale');
    expect(reads).toBe(2);
    expect(await cache.get('outer', value('fresh'))).toBe('fresh');
    expect(await cache.get('outer', value('not loaded again'))).toBe('fresh');
  });

  it('marks a caller that joined a pending provisional load', async () => {
    const cache = new ReadCache();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const inner = () =>
      cache.get('inner', async () => {
        await gate;
        cache.markProvisional();
        return 'stale';
      });
    const first = cache.get('a', inner);
    const second = cache.get('b', inner);
    release();
    expect(await Promise.all([first, second])).toEqual(['stale', 'stale']);
    expect(await cache.get('b', value('fresh'))).toBe('fresh');
  });
});
