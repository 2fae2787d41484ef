import { expect, test } from 'vitest';
import { escapeHtml } from './html.ts';

test('the five characters that end a text or an attribute become entities', () => {
  expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
    '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
  );
});

test('everything else is left as it is, entities already written too', () => {
  expect(escapeHtml('Plasterwick® Fine — 12,50 £')).toBe('Plasterwick® Fine — 12,50 £');
  expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  expect(escapeHtml('')).toBe('');
});
