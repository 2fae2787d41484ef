import { expect, test } from 'vitest';
import { DAY_MS, HOUR_MS } from './time.ts';

test('an hour and a day in milliseconds, as dates count them', () => {
  expect(Date.UTC(2025, 0, 1, 1) - Date.UTC(2025, 0, 1)).toBe(HOUR_MS);
  expect(Date.UTC(2025, 0, 2) - Date.UTC(2025, 0, 1)).toBe(DAY_MS);
  expect(DAY_MS).toBe(86_400_000);
});
