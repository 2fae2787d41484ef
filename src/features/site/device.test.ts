import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceClass, deviceClassNames } from './device.ts';
import { $device, watchDevice } from './device.store.ts';

describe('deviceClass', () => {
  it.each([
    [1280, ['desktop']],
    [1025, ['desktop']],
    [1024, ['mobile', 'tablet']],
    [769, ['mobile', 'tablet']],
    [768, ['mobile', 'phablet']],
    [566, ['mobile', 'phablet']],
    [565, ['mobile', 'phone']],
    [320, ['mobile', 'phone']],
  ])('width %i → %j', (width, classes) => {
    expect(deviceClassNames(deviceClass(width))).toEqual(classes.map((name) => `is-${name}`));
  });
});

describe('watchDevice', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('recalculates 1 s after the last resize, not before', () => {
    const listeners: (() => void)[] = [];
    const source = {
      innerWidth: 1400,
      addEventListener: (_: 'resize', listener: () => void) => listeners.push(listener),
      removeEventListener: vi.fn(),
    };
    const stop = watchDevice(source);
    expect($device.get().desktop).toBe(true);

    source.innerWidth = 400;
    listeners.forEach((listener) => listener());
    vi.advanceTimersByTime(600);
    listeners.forEach((listener) => listener());
    vi.advanceTimersByTime(999);
    expect($device.get().desktop).toBe(true);
    vi.advanceTimersByTime(1);
    expect($device.get()).toMatchObject({ mobile: true, phone: true, width: 400 });
    stop();
    expect(source.removeEventListener).toHaveBeenCalled();
  });
});
