import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, dismissToast, holdToast, showToast } from './toasts.store.ts';

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    $toasts.set([]);
  });
  afterEach(() => vi.useRealTimers());

  it('uses the default success and error messages of the catalogue', () => {
    expect(showToast().text).toBe('Changes saved');
    expect(showToast({ kind: 'danger' }).text).toBe('An unknown error has occurred');
    expect(showToast({ kind: 'info', text: 'no results' }).text).toBe('no results');
    expect($toasts.get().map((toast) => toast.kind)).toEqual(['success', 'danger', 'info']);
  });

  it('keeps an action', () => {
    const onSelect = vi.fn();
    const toast = showToast({ text: 'Added to your basket', action: { label: 'View basket', onSelect } });
    expect(toast.action).toEqual({ label: 'View basket', onSelect });
    expect(showToast({ text: 'Saved' })).not.toHaveProperty('action');
  });

  it('still takes the older (kind, text) arguments', () => {
    expect(showToast('danger', 'Nope')).toMatchObject({ kind: 'danger', text: 'Nope' });
  });

  it('removes each toast after 3 s', () => {
    showToast();
    vi.advanceTimersByTime(1500);
    showToast({ kind: 'danger' });
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

  it('stays while held (focus inside) and gets 3 s more when released', () => {
    const toast = showToast();
    vi.advanceTimersByTime(2000);
    holdToast(toast.id, true);
    vi.advanceTimersByTime(10_000);
    expect($toasts.get()).toHaveLength(1);
    holdToast(toast.id, false);
    vi.advanceTimersByTime(2999);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([]);
  });

  it('does not bring back a dismissed toast when released', () => {
    const toast = showToast();
    holdToast(toast.id, true);
    dismissToast(toast.id);
    holdToast(toast.id, false);
    vi.advanceTimersByTime(5000);
    expect($toasts.get()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
