import { describe, expect, it } from 'vitest';
import { formsText } from './forms-text.ts';
import {
  availability,
  courseDate,
  optionLabel,
  parseSessionList,
  preselectedSession,
  sessionFromQuery,
  type CourseSession,
} from './sessions.ts';

const session = (overrides: Partial<CourseSession> = {}): CourseSession => ({
  id: 4,
  title: 'Filling and surface preparation',
  location: 'Preston training centre',
  startsOn: '2030-03-03T09:00:00.000Z',
  placesLeft: 7,
  minParticipants: 3,
  registrationOpen: true,
  ...overrides,
});

describe('training sessions', () => {
  it('open, full (fewer places than a team) or closed', () => {
    expect(availability(session())).toBe('open');
    expect(availability(session({ placesLeft: 3 }))).toBe('open');
    expect(availability(session({ placesLeft: 2 }))).toBe('full');
    expect(availability(session({ registrationOpen: false }))).toBe('closed');
  });

  it('reads as date, venue, title and places', () => {
    expect(courseDate('2030-03-03T09:00:00.000Z')).toBe('3 March 2030');
    expect(optionLabel(session(), formsText)).toBe(
      '3 March 2030, Preston training centre: Filling and surface preparation (7 places left)',
    );
    expect(optionLabel(session({ placesLeft: 1 }), formsText)).toMatch(/\(full\)$/);
    expect(optionLabel(session({ registrationOpen: false }), formsText)).toMatch(/\(registration closed\)$/);
    expect(optionLabel(session(), formsText, false)).not.toMatch(/places/);
  });

  it('?session= preselects a bookable course and explains a full or closed one', () => {
    const list = [session(), session({ id: 5, placesLeft: 0 }), session({ id: 6, registrationOpen: false })];
    expect(sessionFromQuery('?session=4')).toBe(4);
    expect(sessionFromQuery('?session=abc')).toBeUndefined();
    expect(sessionFromQuery('?session=0')).toBeUndefined();
    expect(preselectedSession('?session=4', list)).toEqual({ id: 4 });
    expect(preselectedSession('?session=5', list)).toEqual({ problem: 'full' });
    expect(preselectedSession('?session=6', list)).toEqual({ problem: 'closed' });
    expect(preselectedSession('?session=99', list)).toEqual({});
    expect(preselectedSession('', list)).toEqual({});
  });

  it('reads the back-office list, leaving out items that do not match', () => {
    const item = {
      id: 4,
      title: 'Filling',
      location: 'Preston',
      starts_on: '2030-03-03T09:00:00.000Z',
      places_left: 7,
      min_participants: 3,
      max_participants: 5,
      registration_open: true,
    };
    expect(parseSessionList({ data: { items: [item, { ...item, id: 'x' }], total: 2 } })).toEqual([
      {
        id: 4,
        title: 'Filling',
        location: 'Preston',
        startsOn: item.starts_on,
        placesLeft: 7,
        minParticipants: 3,
        registrationOpen: true,
      },
    ]);
    expect(parseSessionList({ status: 'error' })).toBeUndefined();
    expect(parseSessionList(null)).toBeUndefined();
  });
});
