import { describe, expect, it } from 'vitest';
import { toolsText } from './tools-text.ts';

describe('toolsText', () => {
  it('reads the spec messages of the tools namespace', () => {
    expect(toolsText('validation.min_value')).toBe('Please enter a value of 1 or more.');
    expect(toolsText('scanner.no_results')).toBe('no results');
  });

  it('fills placeholders and picks the plural form from count', () => {
    expect(toolsText('validation.required', { field: 'Thickness (mm)' })).toBe(
      'Field required: Thickness (mm)',
    );
    expect(toolsText('stockists.results_count', { count: 1, radius: 30 })).toBe('1 stockist within 30 miles');
    expect(toolsText('stockists.results_count', { count: 4, radius: 30 })).toBe(
      '4 stockists within 30 miles',
    );
  });
});
