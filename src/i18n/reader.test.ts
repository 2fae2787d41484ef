import { describe, expect, it } from 'vitest';
import { text } from './islands-text.ts';
import { createTextReader } from './reader.ts';
import { toolsText } from './tools-text.ts';

describe('text readers', () => {
  it('read the spec messages of their namespace', () => {
    expect(toolsText('validation.min_value')).toBe('Please enter a value of 1 or more.');
    expect(toolsText('scanner.no_results')).toBe('no results');
    expect(text('compare.remove_product', { name: 'Fine filler' })).toBe('Remove Fine filler');
  });

  it('fill placeholders and pick the plural form from count', () => {
    expect(toolsText('validation.required', { field: 'Thickness (mm)' })).toBe(
      'Field required: Thickness (mm)',
    );
    expect(toolsText('stockists.results_count', { count: 1, radius: 30 })).toBe('1 stockist within 30 miles');
    expect(toolsText('stockists.results_count', { count: 4, radius: 30 })).toBe(
      '4 stockists within 30 miles',
    );
  });

  it('a key without plural forms ignores count; an unknown key names its namespace', () => {
    const read = createTextReader({ a: { b: 'B {{count}}' } }, 'demo');
    expect(read('a.b', { count: 2 })).toBe('B 2');
    expect(() => (read as (key: string) => string)('a.c')).toThrow('demo: no string for a.c');
  });
});
