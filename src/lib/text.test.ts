import { describe, expect, it } from 'vitest';
import { jsonForScript, plainText, registeredHtml, registeredParts } from './text.ts';

describe('text helpers', () => {
  it('puts ® in superscript and escapes the rest', () => {
    expect(registeredHtml('Plasterwick® Fine <b>')).toBe('Plasterwick<sup>®</sup> Fine &lt;b&gt;');
    expect(registeredHtml('No mark')).toBe('No mark');
  });

  it('cuts a text around each ® for the islands and the shared script', () => {
    expect(registeredParts('Multi-Fill® Powder®')).toEqual(['Multi-Fill', '®', ' Powder', '®']);
    expect(registeredParts('®')).toEqual(['®']);
    expect(registeredParts('')).toEqual([]);
  });

  it('keeps JSON-LD inside its script', () => {
    expect(jsonForScript({ name: '</script><script>x' })).not.toContain('</script>');
    expect(JSON.parse(jsonForScript({ name: '</script>' }))).toEqual({ name: '</script>' });
  });

  it('makes short plain text from HTML', () => {
    expect(plainText('<p>Hello&nbsp;<b>world</b></p>')).toBe('Hello world');
    expect(plainText('a'.repeat(200), 10)).toBe('aaaaaaaaa…');
  });
});
