import { describe, expect, test } from 'vitest';
import { timeLeft } from './labels.ts';

describe('the time left of a jobsite request', () => {
  const now = new Date('2027-06-01T09:00:00Z');
  test('whole hours left, rounded down; overdue rounded up; none once done or for other kinds', () => {
    expect(timeLeft('2027-06-02T16:30:00Z', 'new', now)).toBe('31 h left');
    expect(timeLeft('2027-06-01T09:59:00Z', 'in_progress', now)).toBe('Under an hour left');
    expect(timeLeft('2027-06-01T07:30:00Z', 'new', now)).toBe('Overdue by 2 h');
    expect(timeLeft('2027-06-01T08:59:00Z', 'new', now)).toBe('Overdue by 1 h');
    expect(timeLeft('2027-06-01T07:30:00Z', 'done', now)).toBe('');
    expect(timeLeft(null, 'new', now)).toBe('');
  });
});
