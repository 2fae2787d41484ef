import { expect, it } from 'vitest';
import { ukDateTime, ukDay } from './dates.ts';

it('shows a winter time in GMT and a summer time in BST, in British order', () => {
  expect(ukDateTime('2026-01-15T09:30:00Z')).toBe('15 Jan 2026, 09:30 GMT');
  expect(ukDateTime('2026-07-01T09:30:00Z')).toBe('1 Jul 2026, 10:30 BST');
});

it('does not depend on the computer’s own time zone', () => {
  // Just after midnight in London on 1 July is still 30 June in UTC.
  expect(ukDateTime('2026-06-30T23:15:00Z')).toBe('1 Jul 2026, 00:15 BST');
});

it('names the UK calendar day of a time, as the order filters take it', () => {
  expect(ukDay('2026-06-30T23:15:00Z')).toBe('2026-07-01');
  expect(ukDay('2026-01-15T23:15:00Z')).toBe('2026-01-15');
});
