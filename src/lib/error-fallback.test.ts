import { describe, expect, it } from 'vitest';
import { errorFallbackHtml } from './error-fallback.ts';

describe('error fallback', () => {
  it('is a complete page with the message and a link home', () => {
    const html = errorFallbackHtml();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('An error occurred');
    expect(html).toContain('<a href="/">Back to the home page</a>');
    expect(html).not.toContain('<script');
  });
});

describe('unavailable page', () => {
  it('says the shop is restarting, with a link home', () => {
    const html = errorFallbackHtml('unavailable');
    expect(html).toContain('We will be right back');
    expect(html).toContain('Part of the shop is restarting');
    expect(html).toContain('<a href="/">Back to the home page</a>');
  });
});

describe('busy page', () => {
  it('says the shop is busy, not that it is restarting', () => {
    const html = errorFallbackHtml('busy');
    expect(html).toContain('The shop is busy');
    expect(html).not.toContain('restarting');
    expect(html).toContain('<a href="/">Back to the home page</a>');
  });
});
