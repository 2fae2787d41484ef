import { describe, expect, it } from 'vitest';
import { TRAINING } from '../../lib/config.ts';
import { participantField, renumbered, rowButtons, rowLimits, rowText } from './participants.ts';

describe('participant rows', () => {
  it('name fields after their body path', () => {
    expect(participantField(0, 'first_name')).toBe('participants.0.first_name');
    expect(participantField('__INDEX__', 'email')).toBe('participants.__INDEX__.email');
  });

  it('renumber every attribute that carries the row index', () => {
    expect(renumbered('participants.__INDEX__.first_name', 3)).toBe('participants.3.first_name');
    expect(renumbered('field-participants.4.email-hint field-participants.4.email-error', 2)).toBe(
      'field-participants.2.email-hint field-participants.2.email-error',
    );
    expect(renumbered('company', 1)).toBe('company');
    expect(rowText('Remove participant {{n}}', 0)).toBe('Remove participant 1');
  });

  it('add is disabled at 5 rows, remove at 3', () => {
    expect(TRAINING).toMatchObject({ minParticipants: 3, maxParticipants: 5 });
    expect(rowButtons(3)).toEqual({ canAdd: true, canRemove: false });
    expect(rowButtons(4)).toEqual({ canAdd: true, canRemove: true });
    expect(rowButtons(5)).toEqual({ canAdd: false, canRemove: true });
  });

  it('a course with fewer places lowers the maximum, never under the minimum', () => {
    expect(rowLimits()).toEqual({ min: 3, max: 5 });
    expect(rowLimits(12)).toEqual({ min: 3, max: 5 });
    expect(rowLimits(4)).toEqual({ min: 3, max: 4 });
    expect(rowLimits(1)).toEqual({ min: 3, max: 3 });
    expect(rowButtons(4, rowLimits(4))).toEqual({ canAdd: false, canRemove: true });
  });
});
