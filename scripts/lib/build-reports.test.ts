import { describe, expect, it } from 'vitest';
import { failureMessage, nextStep, reportHeaders, servedBuildIn } from './build-reports.ts';

const record = (content_version: number) => ({
  id: '20270601T133000-aaaaaa',
  content_version,
  status: 'succeeded' as const,
});

describe('the launcher and the build records', () => {
  it('rebuilds when the content version is ahead of the newest build record, not of the served build', () => {
    // After a rollback the served build is older than the newest record: nothing to do.
    expect(nextStep({ content_version: 7, newest: record(7) }, { contentVersion: 5 })).toBe('none');
    expect(nextStep({ content_version: 8, newest: record(7) }, { contentVersion: 5 })).toBe('build');
    expect(nextStep({ content_version: 7, newest: record(7) }, undefined)).toBe('build');
    // A new database beside an old builds folder: the served build is adopted when it has the content.
    expect(nextStep({ content_version: 3, newest: null }, { contentVersion: 3 })).toBe('adopt');
    expect(nextStep({ content_version: 4, newest: null }, { contentVersion: 3 })).toBe('build');
  });

  it("takes the build's own FAILED line as the message", () => {
    const output = [
      '[build] checking the back-office at http://127.0.0.1:4000',
      '[build] FAILED after 0.4 s: back-office lists 5 products, down from 12: refusing a catalogue that shrank',
    ].join('\n');
    expect(failureMessage(`build exited with code 1\n${output}`)).toBe(
      'back-office lists 5 products, down from 12: refusing a catalogue that shrank',
    );
    expect(failureMessage('something\nError: astro failed\n')).toBe('Error: astro failed');
    expect(failureMessage('')).toBe('The build failed');
  });

  it('reports with the token when set, else the key', () => {
    expect(reportHeaders({ BUILD_REPORT_TOKEN: 'pwt_x', BACKOFFICE_API_KEY: 'k' })).toEqual({
      authorization: 'Bearer pwt_x',
    });
    expect(reportHeaders({ BACKOFFICE_API_KEY: 'k' })).toEqual({ 'x-api-key': 'k' });
    expect(reportHeaders({})).toBeUndefined();
  });

  it("reads the build a server's output says it serves", () => {
    expect(servedBuildIn('[server] now serving build 20270601T133000-aaaaaa (was x)')).toBe(
      '20270601T133000-aaaaaa',
    );
    expect(servedBuildIn('[server] storefront on http://0.0.0.0:4321')).toBeUndefined();
  });
});
