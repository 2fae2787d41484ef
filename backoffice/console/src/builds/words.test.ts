import { describe, expect, it } from 'vitest';
import { changeText, duration, statusWords } from './words.ts';

describe('build words', () => {
  it('says live since the UK time, and the other states plainly', () => {
    const now = Date.parse('2026-07-01T15:00:00Z');
    expect(statusWords({ state: 'live', live_since: '2026-07-01T13:32:00Z' }, now).title).toBe(
      'Live since 14:32',
    );
    expect(statusWords({ state: 'queued', live_since: null }, now).title).toBe('Queued');
    expect(statusWords({ state: 'building', live_since: null }, now).title).toBe('Building');
    expect(statusWords({ state: 'failed', live_since: null }, now).title).toBe('Failed');
  });

  it('words durations and changes', () => {
    expect(duration(8_400)).toBe('8 s');
    expect(duration(72_000)).toBe('1 min 12 s');
    expect(
      changeText({ at: '', actor: 'Alice', action: 'page.update', entity: 'page', entity_id: '12' }),
    ).toBe('page update 12 by Alice');
  });
});
