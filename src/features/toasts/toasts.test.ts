import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, dismissToast, showToast } from './toasts.store.ts';

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    $toasts.set([]);
  });
  afterEach(() => vi.useRealTimers());

  it('uses the default success and error messages of the catalogue', () => {
    expect(showToast().message).toBe('Changes saved');
    expect(showToast('danger').message).toBe('An unknown error has occurred');
    expect(showToast('info', 'no results').message).toBe('no results');
    expect($toasts.get().map((toast) => toast.kind)).toEqual(['success', 'danger', 'info']);
  });

  it('removes each toast after 3 s', () => {
    showToast();
    vi.advanceTimersByTime(1500);
    showToast('danger');
    vi.advanceTimersByTime(1499);
    expect($toasts.get()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect($toasts.get().map((toast) => toast.kind)).toEqual(['danger']);
    vi.advanceTimersByTime(1500);
    expect($toasts.get()).toEqual([]);
  });

  it('can be dismissed early', () => {
    const toast = showToast();
    dismissToast(toast.id);
    expect($toasts.get()).toEqual([]);
  });
});
