import { describe, expect, it } from 'vitest';
import { registrationClosesOn, upcomingSessions } from './training.ts';

describe('registrationClosesOn', () => {
  it('is 15 days before the course day', () => {
    expect(registrationClosesOn('2026-12-04T09:00:00.000Z')).toBe('2026-11-19T09:00:00.000Z');
  });
});

describe('upcomingSessions', () => {
  it('keeps only sessions after now, in order', () => {
    const sessions = [
      { startsOn: '2026-11-01T09:00:00.000Z' },
      { startsOn: '2026-11-22T09:00:00.000Z' },
      { startsOn: '2026-12-04T09:00:00.000Z' },
    ];
    expect(upcomingSessions(sessions, new Date('2026-11-22T09:00:00.000Z'))).toEqual([sessions[2]]);
  });
});
