import { describe, expect, it } from 'vitest';
import { fileExtension, formatDate, formatDuration, formatFileFormat, formatFileSize } from './format.ts';

describe('formatFileSize', () => {
  it('uses bytes, KB and MB', () => {
    expect(formatFileSize(512)).toBe('512 bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(860_000)).toBe('840 KB');
    expect(formatFileSize(1_468_006)).toBe('1.4 MB');
    expect(formatFileSize(25 * 1024 * 1024)).toBe('25 MB');
  });
});

describe('fileExtension', () => {
  it('reads the extension of the path only', () => {
    expect(fileExtension('/api/v1/media/docs/tds-pw100.pdf')).toBe('pdf');
    expect(fileExtension('/api/v1/media/docs/Brochure.ZIP?v=2#top')).toBe('zip');
    expect(fileExtension('/api/v1/media/docs/readme')).toBe('');
  });
});

describe('formatFileFormat', () => {
  it('upper-cases the extension', () => {
    expect(formatFileFormat('pdf')).toBe('PDF');
    expect(formatFileFormat('')).toBe('File');
  });
});

describe('formatDate', () => {
  it('writes UK dates and ignores bad input', () => {
    expect(formatDate('2025-03-03T09:00:00.000Z')).toBe('3 March 2025');
    expect(formatDate('not a date')).toBeUndefined();
    expect(formatDate(undefined)).toBeUndefined();
  });
});

describe('durations', () => {
  it('formats minutes and hours', () => {
    expect(formatDuration(1)).toBe('1 minute');
    expect(formatDuration(45)).toBe('45 minutes');
    expect(formatDuration(60)).toBe('1 hour');
    expect(formatDuration(120)).toBe('2 hours');
    expect(formatDuration(90)).toBe('1 h 30 min');
  });
});
