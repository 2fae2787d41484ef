import { describe, expect, it } from 'vitest';
import { wrapFocus, type FocusStop } from './focus-order.ts';

const plain = (count: number): FocusStop[] => Array.from({ length: count }, () => ({}));

describe('wrapFocus', () => {
  it('wraps Tab from the last stop to the first, and Shift+Tab from the first to the last', () => {
    expect(wrapFocus(plain(3), 2, false)).toBe(0);
    expect(wrapFocus(plain(3), 0, true)).toBe(2);
  });

  it('lets the browser move focus between stops', () => {
    expect(wrapFocus(plain(3), 0, false)).toBeUndefined();
    expect(wrapFocus(plain(3), 1, false)).toBeUndefined();
    expect(wrapFocus(plain(3), 1, true)).toBeUndefined();
    expect(wrapFocus(plain(3), 2, true)).toBeUndefined();
  });

  it('with focus on the dialog itself: Tab goes on naturally, Shift+Tab goes to the last stop', () => {
    expect(wrapFocus(plain(3), -1, false)).toBeUndefined();
    expect(wrapFocus(plain(3), -1, true)).toBe(2);
  });

  it('keeps focus on a single stop and does nothing without stops', () => {
    expect(wrapFocus(plain(1), 0, false)).toBe(0);
    expect(wrapFocus(plain(1), 0, true)).toBe(0);
    expect(wrapFocus([], -1, true)).toBeUndefined();
  });

  it('treats a radio group as one stop and lands on its checked radio', () => {
    // close button, then a delivery-method group of three with the second one checked.
    const stops: FocusStop[] = [
      {},
      { group: 'method', checked: false },
      { group: 'method', checked: true },
      { group: 'method', checked: false },
    ];
    // Tab from the checked radio (not the last element) leaves the group, which ends the dialog: wrap.
    expect(wrapFocus(stops, 2, false)).toBe(0);
    // Shift+Tab from the close button enters the group at its checked radio.
    expect(wrapFocus(stops, 0, true)).toBe(2);
  });

  it('enters an unchecked radio group at the end focus comes from', () => {
    const stops: FocusStop[] = [{ group: 'size' }, { group: 'size' }, {}, { group: 'pay' }, { group: 'pay' }];
    expect(wrapFocus(stops, 1, true)).toBe(4);
    expect(wrapFocus(stops, 0, true)).toBe(4);
    expect(wrapFocus(stops, 3, false)).toBe(0);
    expect(wrapFocus(stops, 2, false)).toBeUndefined();
  });
});
