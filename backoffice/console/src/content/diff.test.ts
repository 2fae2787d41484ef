import { describe, expect, it } from 'vitest';
import { actionLabel, fieldLabel, plainText, readableChanges, valueText, wordDiff } from './diff.ts';

describe('the history diff', () => {
  it('labels fields in plain English', () => {
    expect(fieldLabel('extract')).toBe('Summary');
    expect(fieldLabel('duration_minutes')).toBe('Duration (minutes)');
    expect(fieldLabel('some_new_field')).toBe('Some new field');
    expect(actionLabel('publish')).toBe('Published');
    expect(actionLabel('made_up')).toBe('Made up');
  });

  it('writes any value as a line of plain text', () => {
    expect(plainText('<p>Fill <strong>cracks</strong> &amp; holes</p><p>Then sand</p>')).toBe(
      'Fill cracks & holes Then sand',
    );
    expect(valueText(null)).toBe('(empty)');
    expect(valueText(['pro', 'part'])).toBe('Professionals, DIY');
    expect(valueText('2026-12-12T09:00:00Z')).toBe('12 Dec 2026, 09:00 GMT');
    expect(valueText([{ kind: 'text', titre: 'Intro', text: '<p>Hello</p>' }])).toBe('1. Intro: Hello');
    expect(valueText({ contract: 'permanent', location: 'Leeds' })).toBe(
      'Contract: permanent; Location: Leeds',
    );
    expect(valueText(true)).toBe('Yes');
    expect(valueText('x'.repeat(500))).toHaveLength(400);
  });

  it('marks the words taken out and put in', () => {
    expect(wordDiff('Fill the cracks today', 'Fill the holes today')).toEqual([
      { kind: 'same', text: 'Fill the' },
      { kind: 'removed', text: 'cracks' },
      { kind: 'added', text: 'holes' },
      { kind: 'same', text: 'today' },
    ]);
    expect(wordDiff('', 'New text')).toEqual([{ kind: 'added', text: 'New text' }]);
  });

  it('makes a version readable, with word changes for texts only', () => {
    const [title, position, extract, blocks] = readableChanges([
      { field: 'title', before: 'Old title', after: 'New title' },
      { field: 'position', before: 1, after: 2 },
      { field: 'parent_id', before: undefined, after: null },
      { field: 'extract', before: undefined, after: 'A summary' },
      {
        field: 'blocks',
        before: [{ kind: 'text', text: '<p>First</p>' }],
        after: [{ kind: 'text', text: '<p>Second</p>' }],
      },
    ]);
    expect(extract).toEqual({ field: 'extract', label: 'Summary', before: '(empty)', after: 'A summary' });
    expect(blocks!.words).toEqual([
      { kind: 'same', text: '1.' },
      { kind: 'removed', text: 'First' },
      { kind: 'added', text: 'Second' },
    ]);
    expect(title).toMatchObject({ label: 'Title', before: 'Old title', after: 'New title' });
    expect(title!.words).toEqual([
      { kind: 'removed', text: 'Old' },
      { kind: 'added', text: 'New' },
      { kind: 'same', text: 'title' },
    ]);
    expect(position).toEqual({ field: 'position', label: 'Position', before: '1', after: '2' });
  });
});
