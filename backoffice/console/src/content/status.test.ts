import { describe, expect, it } from 'vitest';
import { statusLabel, ukInputToIso, ukInputValue, ukShort, unpublishNote } from './status.ts';

const NOW = new Date('2026-12-01T12:00:00Z');
const entry = { status: 'draft' as const, has_draft: false, publish_at: null, unpublish_at: null };

describe('statusLabel', () => {
  it('names a draft, a live entry and a live entry with pending changes', () => {
    expect(statusLabel(entry, NOW)).toBe('Draft');
    expect(statusLabel({ ...entry, status: 'published' }, NOW)).toBe('Published');
    expect(statusLabel({ ...entry, status: 'published', has_draft: true }, NOW)).toBe('Draft changes');
  });

  it('names a schedule to come in UK time, and forgets one gone by', () => {
    expect(statusLabel({ ...entry, publish_at: '2026-12-12T09:00:00Z' }, NOW)).toBe('Scheduled 12 Dec 09:00');
    // Summer: UK time is an hour ahead of UTC.
    expect(statusLabel({ ...entry, publish_at: '2027-07-01T08:30:00Z' }, NOW)).toBe('Scheduled 1 Jul 09:30');
    expect(statusLabel({ ...entry, publish_at: '2026-11-30T09:00:00Z' }, NOW)).toBe('Draft');
    expect(
      statusLabel(
        { ...entry, status: 'published', has_draft: true, publish_at: '2026-12-12T09:00:00Z' },
        NOW,
      ),
    ).toBe('Scheduled 12 Dec 09:00');
  });

  it('notes an unpublish to come', () => {
    expect(unpublishNote({ ...entry, status: 'published', unpublish_at: '2026-12-24T17:00:00Z' }, NOW)).toBe(
      'Unpublishes 24 Dec 17:00',
    );
    expect(unpublishNote(entry, NOW)).toBeUndefined();
  });
});

describe('UK date-time inputs', () => {
  it('reads and writes UK wall-clock time in winter and in summer', () => {
    expect(ukInputToIso('2026-12-12T09:00')).toBe('2026-12-12T09:00:00.000Z');
    expect(ukInputToIso('2027-07-01T09:30')).toBe('2027-07-01T08:30:00.000Z');
    expect(ukInputToIso('2027-07-01T09:30:15')).toBe('2027-07-01T08:30:15.000Z');
    expect(ukInputValue('2027-07-01T08:30:00Z')).toBe('2027-07-01T09:30');
    expect(ukInputValue('2026-12-12T09:00:00Z')).toBe('2026-12-12T09:00');
    expect(ukShort('2026-12-12T09:05:00Z')).toBe('12 Dec 09:05');
  });

  it('handles the clock changes and refuses what is not a time', () => {
    // 29 Mar 2026 01:30 does not exist in the UK (clocks go 01:00 → 02:00): the hour after.
    expect(ukInputToIso('2026-03-29T01:30')).toBe('2026-03-29T01:30:00.000Z');
    // 25 Oct 2026 01:30 happens twice: the first (BST).
    expect(ukInputToIso('2026-10-25T01:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(ukInputToIso('')).toBeUndefined();
    expect(ukInputToIso('2026-02-30T10:00')).toBeUndefined();
    expect(ukInputToIso('tomorrow')).toBeUndefined();
  });
});
