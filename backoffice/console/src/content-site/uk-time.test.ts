import { describe, expect, it } from 'vitest';
import { isoFromUkLocal, ukLocalInput } from './uk-time.ts';

describe('UK time in a date-and-time input', () => {
  it('reads and writes GMT and BST', () => {
    expect(ukLocalInput('2027-07-01T08:30:00.000Z')).toBe('2027-07-01T09:30');
    expect(ukLocalInput('2027-12-01T08:30:00.000Z')).toBe('2027-12-01T08:30');
    expect(isoFromUkLocal('2027-07-01T09:30')).toBe('2027-07-01T08:30:00.000Z');
    expect(isoFromUkLocal('2027-12-01T08:30')).toBe('2027-12-01T08:30:00.000Z');
    expect(isoFromUkLocal('soon')).toBeUndefined();
  });
});
